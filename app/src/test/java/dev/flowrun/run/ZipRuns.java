package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Creating zip runs over HTTP and reading them back, for the zip run tests. */
final class ZipRuns {
    /** Weak: an app of a test class (or of one test) is gone once it ends. */
    private static final Map<TestApp, Long> WORKFLOWS = Collections.synchronizedMap(new WeakHashMap<>());

    private ZipRuns() {
    }

    /** {@code imageInput → output png}: the quickest workflow, so tests spend their time on the archive. */
    static long passThroughWorkflow(TestApp app) {
        return TestWorkflow.passThrough().create(app);
    }

    /** The app's {@link #passThroughWorkflow}, made on first use: the one a test class runs its archives through. */
    static long workflowOf(TestApp app) {
        return WORKFLOWS.computeIfAbsent(app, ZipRuns::passThroughWorkflow);
    }

    /** A zip run of the app's shared workflow ({@link #workflowOf}). */
    static JsonNode create(TestApp app, String zipUrl, String layout) {
        return create(app, workflowOf(app), zipUrl, layout);
    }

    static JsonNode create(TestApp app, long workflowId, String zipUrl, String layout) {
        String body = "{\"zipUrl\": \"" + zipUrl + "\"" + (layout == null ? "" : ", \"zipLayout\": \"" + layout + "\"") + "}";
        Reply reply = app.post("/workflows/" + workflowId + "/runs", body);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    static JsonNode run(TestApp app, long runId) {
        return app.get("/workflows/runs/" + runId + "?pageSize=100").json();
    }

    static JsonNode awaitTerminal(TestApp app, long runId) {
        return Await.until("run " + runId + " to finish", Duration.ofSeconds(60), () -> run(app, runId),
                run -> run != null && Runs.TERMINAL.contains(run.path("status").asText()));
    }

    /** Every item of the run, page by page, in id order. */
    static List<JsonNode> items(TestApp app, long runId) {
        List<JsonNode> items = new ArrayList<>();
        for (int page = 1; ; page++) {
            JsonNode answer = app.get("/workflows/runs/" + runId + "?pageSize=100&page=" + page).json();
            answer.path("items").forEach(items::add);
            if (answer.path("items").size() < 100) {
                return items;
            }
        }
    }

    /** The input file name of each item (its path inside the archive). */
    static List<String> fileNames(List<JsonNode> items) {
        List<String> names = new ArrayList<>();
        for (JsonNode item : items) {
            item.path("uploadInputs").forEach(input -> names.add(input.path("fileName").asText()));
        }
        return names;
    }

    static List<String> entryNames(byte[] zip) {
        List<String> names = new ArrayList<>();
        try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                names.add(entry.getName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** The regular files under {@code dir}, relative to it, with {@code /} separators; none if it does not exist. */
    static List<String> filesUnder(Path dir) {
        return regularFiles(dir).stream().map(p -> dir.relativize(p).toString().replace('\\', '/')).sorted().toList();
    }

    static long bytesUnder(Path dir) {
        return regularFiles(dir).stream().mapToLong(p -> p.toFile().length()).sum();
    }

    /**
     * The regular files under {@code dir}. The service keeps writing while a test looks (the archive of a finished
     * run is built in the background through a temporary file, H2 replaces its own files), so an entry that
     * vanishes between being listed and being read is skipped rather than failing the walk.
     */
    static List<Path> regularFiles(Path dir) {
        List<Path> found = new ArrayList<>();
        if (!Files.exists(dir)) {
            return found;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    static Path runFolder(TestApp app, long runId) {
        return app.dataDir().resolve("files").resolve("runs").resolve(Long.toString(runId));
    }
}
