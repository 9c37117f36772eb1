package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.BadImages;
import dev.flowrun.support.Images;
import dev.flowrun.support.JpegScanBomb;
import dev.flowrun.support.Zips;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * The hostile files of docs/security.md, each hostile file through "Remove background" on a fresh service
 * (the fat jar, 2 workers, files served over loopback), a one-item side run created just after it (or just after
 * the cancel), wall time as the client sees it (from the cancel, for a cancelled run: until its items are all
 * done), the side run's from its createdAt to its finishedAt, peak resident set of the service. Needs the jar:
 * {@code mvn -q -DskipTests package && mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.BombBenchmark}.
 */
public final class BombBenchmark {
    private static final Duration PATIENCE = Duration.ofMinutes(10);

    private record Row(String file, String outcome, Duration wall, double peakRssMb, Duration side) {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of("app/target/flowrun.jar").toAbsolutePath();
        Path work = Files.createTempDirectory("flowrun-bombs");
        Path files = Files.createDirectories(work.resolve("files"));
        Files.write(files.resolve("side.png"), Images.pngDisc());
        Files.write(files.resolve("scans-10000.jpg"), JpegScanBomb.of(7000, 7000, 10_000));
        Files.write(files.resolve("scans-1000.jpg"), JpegScanBomb.of(7000, 7000, 1_000));
        Files.write(files.resolve("scans-100.jpg"), JpegScanBomb.of(7000, 7000, 100));
        Files.write(files.resolve("ztxt-60.png"), BadImages.pngWithInflatingChunks("zTXt", 60, 100));
        Files.write(files.resolve("ztxt-10.png"), BadImages.pngWithInflatingChunks("zTXt", 10, 100));
        byte[] shot = Images.encode(shot(7000, 7000), "png");
        Files.write(files.resolve("copies.zip"), Zips.overlapping(shot, 200));
        Files.write(files.resolve("shot-50mp.jpg"), progressiveJpeg(shot(7000, 7000)));
        List<Row> rows = new ArrayList<>();
        try (StaticFileServer server = new StaticFileServer(files)) {
            rows.add(once(jar, work, server, "progressive JPEG 7000×7000, 10,000 scans", List.of("scans-10000.jpg"), null));
            rows.add(once(jar, work, server, "progressive JPEG 7000×7000, 1,000 scans", List.of("scans-1000.jpg"), null));
            rows.add(once(jar, work, server, "two 10,000-scan JPEGs in one run, cancel after 20 s",
                    List.of("scans-10000.jpg", "scans-10000.jpg"), Duration.ofSeconds(20)));
            rows.add(once(jar, work, server, "two 100-scan 7000×7000 JPEGs (the most the limit lets through), cancel"
                    + " after 3 s", List.of("scans-100.jpg", "scans-100.jpg"), Duration.ofSeconds(3)));
            rows.add(once(jar, work, server, "PNG with 60 zTXt chunks of 100 MB", List.of("ztxt-60.png"), null));
            rows.add(once(jar, work, server, "PNG with 10 zTXt chunks of 100 MB", List.of("ztxt-10.png"), null));
            rows.add(once(jar, work, server, "zip: 200 entries sharing one 7000×7000 PNG", List.of("zip:copies.zip"), null));
            rows.add(once(jar, work, server, "legitimate 49 MP progressive JPEG (for comparison)",
                    List.of("shot-50mp.jpg"), null));
            // Pixel memory as a whole: four workers, each with a 49 MP image, in a heap that holds two of them.
            rows.add(once(jar, work, server, "four legitimate 49 MP JPEGs, 4 workers, -Xmx2g",
                    List.of("shot-50mp.jpg", "shot-50mp.jpg", "shot-50mp.jpg", "shot-50mp.jpg"), null,
                    Map.of("FLOWRUN_WORKERS", "4", "JAVA_TOOL_OPTIONS", "-Xmx2g")));
        }
        System.out.println("| file | outcome | wall time | peak RSS | side run |");
        System.out.println("|---|---|---:|---:|---:|");
        for (Row row : rows) {
            System.out.printf("| %s | %s | %.1f s | %,.0f MB | %.1f s |%n", row.file(), row.outcome(),
                    row.wall().toMillis() / 1000.0, row.peakRssMb(), row.side().toMillis() / 1000.0);
        }
    }

    /** One scenario on a fresh service; {@code cancelAfter} cancels the run that long after its creation. */
    private static Row once(Path jar, Path work, StaticFileServer server, String label, List<String> names,
                            Duration cancelAfter) throws Exception {
        return once(jar, work, server, label, names, cancelAfter, Map.of("FLOWRUN_WORKERS", "2"));
    }

    private static Row once(Path jar, Path work, StaticFileServer server, String label, List<String> names,
                            Duration cancelAfter, Map<String, String> env) throws Exception {
        Path data = work.resolve("data-" + System.nanoTime());
        try (ServerProcess service = ServerProcess.start(jar, data, env);
             MemorySampler memory = new MemorySampler(service.pid())) {
            ApiClient api = new ApiClient(service.baseUrl());
            long template = api.workflowNamed("Remove background");
            memory.reset();
            long start = System.nanoTime();
            long runId = names.get(0).startsWith("zip:")
                    ? api.post("/workflows/" + template + "/runs", "{\"zipUrl\": \"" + server.url(names.get(0).substring(4))
                    + "\"}").path("id").asLong()
                    : api.createRun(template, names.size(), i -> server.url(names.get(i)), names::get);
            String cancelled = "";
            if (cancelAfter != null) {
                long due = start + cancelAfter.toNanos();
                while (System.nanoTime() < due) {
                    Thread.sleep(50);
                }
                boolean ok = api.post("/workflows/runs/" + runId + "/cancel", "").path("ok").asBoolean();
                cancelled = ok ? "cancelled; " : "had ended before the cancel; ";
                start = System.nanoTime(); // from the cancel: how long until the workers are free again
            }
            long sideRun = api.createRun(template, 1, i -> server.url("side.png"), i -> "side.png");
            JsonNode run = awaitItemsDone(api, runId);
            Duration wall = Duration.ofNanos(System.nanoTime() - start);
            // As the service recorded it: the side run may well have ended long before the bomb.
            Duration side = ApiClient.createdToFinished(api.awaitTerminal(sideRun, PATIENCE));
            return new Row(label, cancelled + outcome(run), wall, memory.peak().rssMb(), side);
        }
    }

    /** Waits until the run is terminal and none of its items is still running (a cancelled run's may be). */
    private static JsonNode awaitItemsDone(ApiClient api, long runId) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode run = api.get("/workflows/runs/" + runId + "?pageSize=100");
            boolean running = false;
            for (JsonNode item : run.path("items")) {
                running |= List.of("queued", "running").contains(item.path("status").asText());
            }
            if (!running && List.of("completed", "partial", "failed", "cancelled").contains(run.path("status").asText())) {
                return run;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("run " + runId + " still going after " + PATIENCE);
    }

    private static String outcome(JsonNode run) {
        if (run.path("error").isObject()) {
            return "run " + run.path("status").asText() + ", `" + run.path("error").path("code").asText() + "`";
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : run.path("items")) {
            String code = item.path("error").path("code").asText("");
            items.add(item.path("status").asText() + (code.isEmpty() ? "" : " `" + code + "`"));
        }
        return "items " + String.join(", ", items);
    }

    /** A product shot: a red disc on a graded backdrop. */
    static BufferedImage shot(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(240, 240, 236), 0, height, new Color(200, 202, 210)));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(180, 40, 50));
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        return image;
    }

    private static byte[] progressiveJpeg(BufferedImage image) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
        var bytes = new java.io.ByteArrayOutputStream();
        try (ImageOutputStream out = ImageIO.createImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
