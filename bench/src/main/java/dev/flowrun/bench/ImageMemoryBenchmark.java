package dev.flowrun.bench;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Memory of "Product shot" on one 50-megapixel JPEG (8000×6250, the default pixel limit): the item runs in a
 * child JVM whose heap is capped at a multiple of the image's decoded size (4 bytes per pixel, as the nodes hold
 * it: 200 MB), at 6× (the goal) and below, to show where it stops fitting. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.ImageMemoryBenchmark}.
 */
public final class ImageMemoryBenchmark {
    private static final int WIDTH = 8000;
    private static final int HEIGHT = 6250;

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("child")) {
            child(Path.of(args[1]));
            return;
        }
        Path dir = Files.createTempDirectory("flowrun-memory-bench");
        Path jpeg = dir.resolve("50mp.jpg");
        ImageBenchFiles.writeJpeg(productShot(), 90, jpeg);
        long decoded = 4L * WIDTH * HEIGHT;
        System.out.printf(Locale.ROOT, "%d×%d JPEG (%.1f MB on disk), decoded size %d MB%n%n", WIDTH, HEIGHT,
                Files.size(jpeg) / 1e6, decoded / 1_000_000);
        System.out.println("| heap cap (-Xmx) | × decoded size | result | time | peak heap in use |");
        System.out.println("|---:|---:|---|---:|---:|");
        for (double factor : new double[] {6, 4.5, 3.5, 3, 2.5}) {
            long mib = (long) (factor * decoded / (1 << 20));
            String result = runChild(jpeg, mib);
            System.out.printf(Locale.ROOT, "| %d MiB | %.1f× | %s |%n", mib, factor, result);
        }
    }

    /** One item through the template; prints the time and the most heap seen in use (sampled every 2 ms). */
    private static void child(Path jpeg) throws Exception {
        HeapSampler sampler = new HeapSampler();
        sampler.start();
        long start = System.nanoTime();
        ImageTemplates.named(ImageTemplates.PRODUCT_SHOT).run(jpeg, jpeg.resolveSibling("out.jpg"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        sampler.interrupt();
        System.out.printf(Locale.ROOT, "ok %d ms %d MB%n", millis, sampler.peak / 1_000_000);
    }

    private static String runChild(Path jpeg, long heapMib) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heapMib + "m", "-XX:+ExitOnOutOfMemoryError", "-cp", classPath(),
                ImageMemoryBenchmark.class.getName(), "child", jpeg.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes()).trim();
        p.waitFor(10, TimeUnit.MINUTES);
        String[] words = output.split("\\s+");
        if (p.exitValue() == 0 && words.length >= 5 && words[words.length - 5].equals("ok")) {
            int n = words.length;
            return String.format("passes | %s ms | %s MB", words[n - 4], words[n - 2]);
        }
        return output.contains("OutOfMemoryError") ? "out of memory | — | —" : "failed: " + output + " | — | —";
    }

    /** The class path this benchmark runs with (exec:java runs it in a class loader of its own). */
    private static String classPath() {
        if (Thread.currentThread().getContextClassLoader() instanceof URLClassLoader loader) {
            List<String> entries = new ArrayList<>();
            for (URL url : loader.getURLs()) {
                entries.add(new File(url.getPath()).getPath());
            }
            return entries.stream().collect(Collectors.joining(File.pathSeparator));
        }
        return System.getProperty("java.class.path");
    }

    /** A studio shot drawn with Java2D: graded backdrop, a two-tone product, a highlight. */
    private static BufferedImage productShot() {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setPaint(new GradientPaint(0, 0, new Color(0xF7F7F7), 0, HEIGHT, new Color(0xD9DCE0)));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.setPaint(new GradientPaint(2500, 0, new Color(0xB0302A), 5500, 0, new Color(0x6E1A16)));
        g.fill(new RoundRectangle2D.Double(2600, 1400, 2800, 3800, 400, 400));
        g.fill(new Ellipse2D.Double(3300, 700, 1400, 1000));
        g.setColor(new Color(255, 255, 255, 120));
        g.fill(new Ellipse2D.Double(3000, 1900, 400, 1400));
        g.dispose();
        return image;
    }

    /** Samples the heap in use; the peak includes garbage not yet collected, so it is an upper bound. */
    private static final class HeapSampler extends Thread {
        volatile long peak;

        HeapSampler() {
            setDaemon(true);
        }

        @Override
        public void run() {
            Runtime runtime = Runtime.getRuntime();
            while (!isInterrupted()) {
                peak = Math.max(peak, runtime.totalMemory() - runtime.freeMemory());
                try {
                    TimeUnit.MILLISECONDS.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }
}
