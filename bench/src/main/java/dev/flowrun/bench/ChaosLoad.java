package dev.flowrun.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.work.DaemonThreads;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The crash soak's stream of runs, kept going across kills: URL runs (a few files, now and then one that is
 * missing) and zip runs, over a cheap workflow or the "Remove background" template, some with a webhook, some
 * cancelled a moment after they are made. Creation pauses while many runs are unfinished, so the backlog stays
 * bounded. Only a create the service answered counts as acknowledged.
 */
final class ChaosLoad implements AutoCloseable {
    private static final int MAX_UNFINISHED = 25;
    private final ApiClient api;
    private final RunMix mix;
    private final Random random;
    private final ScheduledExecutorService threads = Executors.newScheduledThreadPool(
            3, DaemonThreads.named("chaos-load"));
    private final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private volatile boolean running = true;

    /** What the runs are made of: the images and zips {@code files} serves, two workflows, the webhook receiver. */
    private record RunMix(StaticFileServer files, ChaosReceiver receiver, List<String> images, long cheapWorkflow,
                          long heavyWorkflow) {
    }

    private ChaosLoad(ApiClient api, RunMix mix, long seed) {
        this.api = api;
        this.mix = mix;
        this.random = new Random(seed);
    }

    /** Makes the inputs in {@code folder} (served by {@code files}) and the cheap workflow; nothing runs yet. */
    static ChaosLoad prepare(ApiClient api, Path folder, StaticFileServer files, ChaosReceiver receiver, long seed)
            throws IOException, InterruptedException {
        List<String> images = ShotImages.ensure(folder, 12, 480, 360).stream()
                .map(path -> path.getFileName().toString()).toList();
        zip(folder.resolve("flat.zip"), images.subList(0, 4), Map.of());
        zip(folder.resolve("folders.zip"), images.subList(4, 10), Map.of("readme.txt", "not an image",
                "__MACOSX/._shot.jpg", "resource fork"));
        long cheap = api.post("/workflows", """
                {"name": "Chaos thumbnail", "graph": {
                  "nodes": [{"id": "in", "type": "imageInput"}, {"id": "small", "type": "resize", "data": {"width": 96}},
                            {"id": "out", "type": "output", "data": {"format": "png"}}],
                  "edges": [{"id": "e1", "source": "in", "target": "small"}, {"id": "e2", "source": "small", "target": "out"}]}}""")
                .path("id").asLong();
        return new ChaosLoad(api, new RunMix(files, receiver, images, cheap, api.workflowNamed("Remove background")),
                seed);
    }

    /** Two creators, each making a run every 0.2 to 1 s while the service is up. */
    void start() {
        for (int i = 0; i < 2; i++) {
            threads.execute(this::createLoop);
        }
    }

    Set<Long> acknowledged() {
        return Set.copyOf(acknowledged);
    }

    int refused() {
        return refused.get();
    }

    int cancels() {
        return cancels.get();
    }

    private void createLoop() {
        while (running) {
            try {
                Thread.sleep(200 + nextInt(800));
                if (unfinished() < MAX_UNFINISHED) {
                    createOne();
                }
            } catch (InterruptedException e) {
                return;
            } catch (IOException | RuntimeException serviceDown) {
                // Killed or restarting: this create was not acknowledged, so it is not owed.
                refused.incrementAndGet();
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private int unfinished() throws IOException, InterruptedException {
        return api.get("/workflows/runs?status=queued&pageSize=1").path("total").asInt()
                + api.get("/workflows/runs?status=running&pageSize=1").path("total").asInt();
    }

    private void createOne() throws IOException, InterruptedException {
        long workflow = nextInt(5) == 0 ? mix.heavyWorkflow() : mix.cheapWorkflow();
        StringBuilder body = new StringBuilder("{");
        if (nextInt(4) == 0) {
            String zip = nextInt(2) == 0 ? "flat.zip" : "folders.zip";
            body.append("\"zipUrl\": \"").append(mix.files().url(zip)).append('"');
        } else {
            body.append("\"inputs\": {\"imageInput\": {\"files\": [");
            int count = 1 + nextInt(6);
            for (int i = 0; i < count; i++) {
                // One file in twenty is missing, so some items fail and some runs end partial.
                String name = nextInt(20) == 0 ? "missing-" + i + ".jpg"
                        : mix.images().get(nextInt(mix.images().size()));
                body.append(i == 0 ? "" : ", ").append("{\"url\": \"").append(mix.files().url(name)).append("\"}");
            }
            body.append("]}}");
        }
        if (nextInt(5) < 2) {
            body.append(", \"webhookUrl\": \"").append(mix.receiver().url("/hooks/chaos")).append('"');
        }
        JsonNode run = api.post("/workflows/" + workflow + "/runs", body.append('}').toString());
        long runId = run.path("id").asLong();
        acknowledged.add(runId);
        if (nextInt(7) == 0) {
            threads.schedule(() -> cancel(runId), nextInt(3000), TimeUnit.MILLISECONDS);
        }
    }

    private void cancel(long runId) {
        try {
            api.post("/workflows/runs/" + runId + "/cancel", "");
            cancels.incrementAndGet();
        } catch (IOException | RuntimeException | InterruptedException serviceDown) {
            // The service was down: the run just goes on.
        }
    }

    private int nextInt(int bound) {
        synchronized (random) {
            return random.nextInt(bound);
        }
    }

    private static void zip(Path file, List<String> images, Map<String, String> others) throws IOException {
        Path folder = file.getParent();
        try (OutputStream out = Files.newOutputStream(file); var zip = new ZipOutputStream(out)) {
            for (int i = 0; i < images.size(); i++) {
                zip.putNextEntry(new ZipEntry((i % 2 == 0 ? "" : "set-" + i % 3 + "/") + images.get(i)));
                zip.write(Files.readAllBytes(folder.resolve(images.get(i))));
                zip.closeEntry();
            }
            for (Map.Entry<String, String> other : others.entrySet()) {
                zip.putNextEntry(new ZipEntry(other.getKey()));
                zip.write(other.getValue().getBytes());
                zip.closeEntry();
            }
        }
    }

    /** Stops making runs; those made go on in the service. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        threads.shutdownNow();
        threads.awaitTermination(70, TimeUnit.SECONDS);
    }
}
