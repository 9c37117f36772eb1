package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Times libvips' {@code vipsthumbnail} (Debian: libvips-tools) doing the same resize, one thread
 * ({@code VIPS_CONCURRENCY=1}) like our single-threaded figure. Its process start-up is taken out: the time per
 * file is the difference between a run over many files and a run over a few, divided by the difference in count.
 */
final class VipsThumbnail {
    private VipsThumbnail() {
    }

    /** Whether the tool can be run here. */
    static boolean available() {
        try {
            Process p = new ProcessBuilder("vipsthumbnail", "--vips-version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** Milliseconds per file to fit each of {@code files} in 512×512 and write it as JPEG quality 90. */
    static double millisPerFile(List<Path> files, Path outDir, int rounds) throws Exception {
        Files.createDirectories(outDir);
        List<Path> few = files.subList(0, 2);
        List<Path> many = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            many.addAll(files);
        }
        run(few, outDir); // warm the file cache and the library
        double best = Double.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            double perFile = (run(many, outDir) - run(few, outDir)) / (many.size() - few.size());
            best = Math.min(best, perFile);
        }
        return best;
    }

    private static double run(List<Path> files, Path outDir) throws Exception {
        List<String> command = new ArrayList<>(List.of("vipsthumbnail", "-s", "512",
                "-o", outDir.resolve("%s.jpg").toString() + "[Q=90]"));
        files.forEach(f -> command.add(f.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("VIPS_CONCURRENCY", "1");
        long start = System.nanoTime();
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException("vipsthumbnail failed: " + output);
        }
        return (System.nanoTime() - start) / 1e6;
    }
}
