package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.cutout.model.TestModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * "Remove background" with the segmentation model over 50 real photos (from Debian packages,
 * each at most twice), through the service (default workers, files from a loopback HTTP server) against the same
 * pipeline in-process on the same files (goal ≥ 0.9×), and the server's peak resident set meanwhile (goal ≤ 3 GB
 * with 2 workers). {@code -Dbench.modelPhotos=N} runs N photos instead (a busy machine).
 */
final class ModelPhase {
    static final int WARMUP = 4;
    private static final List<String[]> PHOTOS = List.of(
            new String[] {"SKIMAGE", "coffee.png"}, new String[] {"SKIMAGE", "astronaut.png"},
            new String[] {"SKIMAGE", "camera.png"}, new String[] {"SKIMAGE", "motorcycle_left.png"},
            new String[] {"SKIMAGE", "motorcycle_right.png"}, new String[] {"SKIMAGE", "chelsea.png"},
            new String[] {"SKIMAGE", "rocket.jpg"}, new String[] {"MATPLOTLIB", "grace_hopper.jpg"},
            new String[] {"OPENCV", "data/squirrel_cls.jpg"}, new String[] {"OPENCV", "data/apple.jpg"},
            new String[] {"OPENCV", "data/orange.jpg"}, new String[] {"OPENCV", "data/butterfly.jpg"},
            new String[] {"OPENCV", "data/messi5.jpg"}, new String[] {"OPENCV", "data/baboon.jpg"},
            new String[] {"OPENCV", "data/fruits.jpg"}, new String[] {"OPENCV", "data/aero1.jpg"},
            new String[] {"OPENCV", "data/aero3.jpg"}, new String[] {"OPENCV", "data/home.jpg"},
            new String[] {"OPENCV", "data/building.jpg"}, new String[] {"OPENCV", "data/smarties.png"},
            new String[] {"OPENCV", "data/board.jpg"}, new String[] {"OPENCV", "data/leuvenA.jpg"},
            new String[] {"OPENCV", "alphamat/input_images/plant.jpg"}, new String[] {"OPENCV", "hfs/data/000.jpg"},
            new String[] {"OPENCV", "hfs/data/001.jpg"}, new String[] {"OPENCV", "hfs/data/002.jpg"},
            new String[] {"OPENCV", "dnn_superres/butterfly.png"}, new String[] {"OPENCV", "fuzzy/input.png"});

    private ModelPhase() {
    }

    static void run(BenchContext bench) throws Exception {
        int count = Integer.getInteger("bench.modelPhotos", 50);
        Path folder = bench.workDir().resolve("photos");
        List<Path> photos = photos(folder, count);
        String model = TestModel.isnet().toString();
        BenchContext.log("%d photos, model %s, load average %s", photos.size(), model, loadAverage());
        try (StaticFileServer files = new StaticFileServer(folder);
             ServerProcess server = bench.startServer(bench.freshDataDir("model"), Map.of("FLOWRUN_BG_MODEL", model));
             MemorySampler memory = new MemorySampler(server.pid())) {
            ApiClient api = new ApiClient(server.baseUrl());
            long workflow = api.workflowNamed("Remove background");
            long warm = api.createRun(workflow, WARMUP, i -> files.url(name(photos, i)), i -> "warm/" + name(photos, i));
            api.awaitTerminal(warm, Duration.ofMinutes(30));
            memory.reset();
            long runId = api.createRun(workflow, photos.size(), i -> files.url(name(photos, i)),
                    i -> "run/" + name(photos, i));
            JsonNode run = api.awaitTerminal(runId, Duration.ofMinutes(120));
            if (!run.path("status").asText().equals("completed")) {
                throw new IllegalStateException("the model run did not complete: " + run);
            }
            double service = photos.size() / (ApiClient.createdToFinished(run).toMillis() / 1000.0);
            MemorySampler.Peak peak = memory.peak();
            double inProcess = inProcess(folder, model);
            double ratio = service / inProcess;
            bench.table().add("Model", "Remove background with the model, " + photos.size() + " real photos, "
                            + "default workers (load average " + loadAverage() + ")",
                    String.format("service %.2f items/s, in-process %.2f items/s: %s", service, inProcess,
                            ResultTable.ratio(ratio)), "≥ 0.9×", ratio >= 0.9);
            bench.table().add("Model", "peak RSS of the service during that run",
                    String.format("%.0f MB (heap %.0f MB)", peak.rssMb(), peak.heapMb()), "≤ 3 GB",
                    peak.rssMb() <= 3072);
        }
    }

    private static double inProcess(Path folder, String model) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"),
                InProcessPipeline.class.getName(), "Remove background", folder.toString(),
                Integer.toString(Runtime.getRuntime().availableProcessors()), model)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        ServerProcess.useTriedJavaOptions(builder.environment());
        Process child = builder.start();
        // The last line but one is the measurement (the last, where its CPU went, is for the throughput phase's log).
        String[] lines = new String(child.getInputStream().readAllBytes()).trim().split("\n");
        String[] measured = lines[Math.max(0, lines.length - 2)].split(" ");
        if (child.waitFor() != 0 || measured.length != 6) {
            throw new IllegalStateException("the in-process pipeline failed: " + String.join(" ", measured));
        }
        return Double.parseDouble(measured[0]);
    }

    /** {@code count} photos copied into {@code folder} as 000-name, 001-name, …, cycling through the list. */
    private static List<Path> photos(Path folder, int count) throws Exception {
        ShotImages.deleteTree(folder);
        Files.createDirectories(folder);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String[] photo = PHOTOS.get(i % PHOTOS.size());
            Path source = Photos.get(Source.valueOf(photo[0]), photo[1]);
            Path copy = folder.resolve(String.format("%03d-%s", i, source.getFileName()));
            out.add(Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING));
        }
        return out;
    }

    private static String name(List<Path> photos, int i) {
        return photos.get(i % photos.size()).getFileName().toString();
    }

    static String loadAverage() throws Exception {
        String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
        return parts[0] + " " + parts[1] + " " + parts[2];
    }
}
