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
import java.util.stream.Stream;

/**
 * "Remove background" with the segmentation model over 50 real photos (from Debian packages,
 * each at most twice), through the service (default workers, files from a loopback HTTP server) against the same
 * pipeline in-process on the same files (goal ≥ 0.9×), and the server's peak resident set meanwhile (goal ≤ 3 GB
 * with 2 workers). {@code -Dbench.modelPhotos=N} runs N photos instead (a busy machine).
 */
final class ModelPhase {
    static final int WARMUP = 4;
    /** Cycled through in this order, so that 50 photos take each at most twice. */
    private static final List<Photo> PHOTOS = Stream.of(
            from(Source.SKIMAGE, "coffee.png", "astronaut.png", "camera.png", "motorcycle_left.png",
                    "motorcycle_right.png", "chelsea.png", "rocket.jpg"),
            from(Source.MATPLOTLIB, "grace_hopper.jpg"),
            from(Source.OPENCV, "data/squirrel_cls.jpg", "data/apple.jpg", "data/orange.jpg", "data/butterfly.jpg",
                    "data/messi5.jpg", "data/baboon.jpg", "data/fruits.jpg", "data/aero1.jpg", "data/aero3.jpg",
                    "data/home.jpg", "data/building.jpg", "data/smarties.png", "data/board.jpg", "data/leuvenA.jpg",
                    "alphamat/input_images/plant.jpg", "hfs/data/000.jpg", "hfs/data/001.jpg", "hfs/data/002.jpg",
                    "dnn_superres/butterfly.png", "fuzzy/input.png"))
            .flatMap(List::stream).toList();

    private record Photo(Source source, String name) {
    }

    private ModelPhase() {
    }

    static void run(BenchContext bench) throws Exception {
        int count = Integer.getInteger("bench.modelPhotos", 50);
        Path folder = bench.workDir().resolve("photos");
        List<Path> photos = photos(folder, count);
        String model = TestModel.isnet().toString();
        BenchContext.log("%d photos, model %s, load average %s", photos.size(), model, Machine.loadAverage());
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
                            + "default workers (load average " + Machine.loadAverage() + ")",
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
    static List<Path> photos(Path folder, int count) throws Exception {
        ShotImages.deleteTree(folder);
        Files.createDirectories(folder);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Photo photo = PHOTOS.get(i % PHOTOS.size());
            Path source = Photos.get(photo.source(), photo.name());
            Path copy = folder.resolve(String.format("%03d-%s", i, source.getFileName()));
            out.add(Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING));
        }
        return out;
    }

    private static List<Photo> from(Source source, String... names) {
        return Stream.of(names).map(name -> new Photo(source, name)).toList();
    }

    private static String name(List<Path> photos, int i) {
        return photos.get(i % photos.size()).getFileName().toString();
    }

}
