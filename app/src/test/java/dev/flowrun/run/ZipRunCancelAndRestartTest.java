package dev.flowrun.run;

import static dev.flowrun.run.ZipRuns.awaitTerminal;
import static dev.flowrun.run.ZipRuns.fileNames;
import static dev.flowrun.run.ZipRuns.items;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cancel and durability for zip runs: a cancel stops the reading of the archive and leaves no item
 * queued; a restart while the archive is being read reads it again from the start, without duplicates.
 */
class ZipRunCancelAndRestartTest {
    static final int IMAGES = 20;
    @RegisterExtension
    final TestApp app = TestApp.forEachTest(Map.of("FLOWRUN_WORKERS", "2"));
    @AutoClose
    final FileServer files = new FileServer().serve("/photos.zip", photos());

    static byte[] photos() {
        Zips zip = Zips.builder();
        expectedNames().forEach(name -> zip.add(name, Zips.png(name.hashCode() & 0xFF)));
        return zip.build();
    }

    static List<String> expectedNames() {
        return IntStream.range(0, IMAGES).mapToObj(i -> "batch-" + (i % 3) + "/photo-" + i + ".png").toList();
    }

    long createHeld() {
        files.hold();
        long runId = ZipRuns.create(app, files.heldUrl("/photos.zip"), null).path("id").asLong();
        Await.until("the archive to be requested", Duration.ofSeconds(10), () -> files.heldRequests() > 0);
        return runId;
    }

    static List<String> itemStatuses(List<JsonNode> items) {
        List<String> statuses = new ArrayList<>();
        items.forEach(item -> statuses.add(item.path("status").asText()));
        return statuses;
    }

    @Test
    void cancelWhileTheArchiveDownloadsStopsTheReadingAndLeavesNoItem() {
        long runId = createHeld();
        assertThat(app.post("/workflows/runs/" + runId + "/cancel", null).json().path("ok").asBoolean()).isTrue();
        assertThat(ZipRuns.run(app, runId).path("status").asText()).isEqualTo("cancelled");

        files.release();
        Await.until("the ingestion to notice the cancel and finish", Duration.ofSeconds(10), () -> !ingesting(runId));
        JsonNode run = ZipRuns.run(app, runId);
        assertThat(run.path("status").asText()).isEqualTo("cancelled");
        assertThat(run.path("totalItems").asInt()).isZero();
        assertThat(run.path("itemsTotal").asInt()).isZero();
        assertThat(ZipRuns.filesUnder(ZipRuns.runFolder(app, runId))).isEmpty();
    }

    @Test
    void aCancelRightAfterCreateNeverLeavesAQueuedItemWhateverItMeets() {
        for (int attempt = 0; attempt < 5; attempt++) {
            long runId = ZipRuns.create(app, files.url("/photos.zip"), null).path("id").asLong();
            assertThat(app.post("/workflows/runs/" + runId + "/cancel", null).json().path("ok").asBoolean()).isTrue();
            Await.until("run " + runId + " to settle", Duration.ofSeconds(10), () -> items(app, runId),
                    items -> itemStatuses(items).stream().noneMatch(s -> s.equals("queued") || s.equals("running")));
            JsonNode run = ZipRuns.run(app, runId);
            assertThat(run.path("status").asText()).isEqualTo("cancelled");
            List<JsonNode> items = items(app, runId);
            assertThat(items.size()).as("either the archive was never published, or all of it was").isIn(0, IMAGES);
            assertThat(itemStatuses(items)).doesNotContain("queued", "running");
        }
    }

    @Test
    void aRestartWhileTheArchiveDownloadsReadsItAgainWithoutDuplicates() {
        long runId = createHeld();
        app.stopAbruptly();
        files.release();
        app.startAgain();

        JsonNode done = awaitTerminal(app, runId);
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("totalItems").asInt()).isEqualTo(IMAGES);
        assertThat(done.path("completedItems").asInt()).isEqualTo(IMAGES);
        assertThat(fileNames(items(app, runId))).containsExactlyElementsOf(expectedNames());
    }

    @Test
    void aRestartAfterAHalfDoneExtractionStartsItOverAndKeepsNothingOfTheFirstAttempt() throws Exception {
        long runId = createHeld();
        app.stopAbruptly();
        // What a crash in the middle of the extraction leaves: staged rows, extracted files, the archive.
        try (Connection db = database()) {
            try (PreparedStatement stage = db.prepareStatement(
                    "INSERT INTO staged_items (run_id, position, inputs, search_text) VALUES (?, ?, '{}', 'stale')")) {
                for (int position = 0; position < 3; position++) {
                    stage.setLong(1, runId);
                    stage.setInt(2, position);
                    stage.executeUpdate();
                }
            }
        }
        Path runFolder = ZipRuns.runFolder(app, runId);
        Files.createDirectories(runFolder.resolve("in/0/in"));
        Files.write(runFolder.resolve("in/0/in/stale.png"), Zips.png(99));
        Files.createDirectories(runFolder.resolve("zip"));
        Files.write(runFolder.resolve("zip/archive.zip"), new byte[] {'P', 'K', 3, 4, 0, 0});
        files.release();
        app.startAgain();

        JsonNode done = awaitTerminal(app, runId);
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("totalItems").asInt()).isEqualTo(IMAGES);
        List<JsonNode> items = items(app, runId);
        assertThat(fileNames(items)).containsExactlyElementsOf(expectedNames());
        // The archive is built in the background once the run ends; fetching it waits for that build, so the
        // folder is walked only after its temporary file has become outputs.zip.
        assertThat(ZipRuns.entryNames(app.fetch(done.path("outputArchiveUrl").asText()).bytes()))
                .containsExactlyInAnyOrderElementsOf(expectedNames());
        assertThat(ZipRuns.filesUnder(runFolder)).noneMatch(name -> name.contains("stale") || name.startsWith("zip/"));
    }

    /**
     * The guard behind "no run finishes before its total is known": an item of a run still reading its archive
     * (one planted here; the ingestion itself never lets an item exist that early) is counted, and the run still
     * does not finish, though its counts reach its total of 0.
     */
    @Test
    void aRunStillReadingItsArchiveIsNeverFinishedByItsItemCounts() throws Exception {
        long runId = createHeld();
        app.stopAbruptly();
        String key = "runs/" + runId + "/planted/early.png";
        Path file = app.dataDir().resolve("files").resolve(key);
        Files.createDirectories(file.getParent());
        Files.write(file, Zips.png(5));
        try (Connection db = database(); PreparedStatement item = db.prepareStatement("""
                INSERT INTO run_items (run_id, position, status, inputs, search_text)
                VALUES (?, 0, 'queued', ?, 'early.png')""")) {
            item.setLong(1, runId);
            item.setString(2, "{\"in\": {\"key\": \"" + key + "\", \"fileName\": \"early.png\", \"sourceUrl\": null}}");
            item.executeUpdate();
        }
        app.startAgain();

        List<JsonNode> items = Await.until("the planted item to be counted", Duration.ofSeconds(20), () -> items(app, runId),
                list -> list.size() == 1 && list.get(0).path("status").asText().equals("completed"));
        assertThat(items).hasSize(1);
        JsonNode run = ZipRuns.run(app, runId);
        assertThat(run.path("completedItems").asInt()).isEqualTo(1);
        assertThat(run.path("totalItems").asInt()).isZero();
        assertThat(run.path("status").asText()).as("counts reached the total, but the archive is still being read")
                .isEqualTo("running");
        assertThat(run.path("finishedAt").isNull()).isTrue();
        assertThat(app.post("/workflows/runs/" + runId + "/cancel", null).json().path("ok").asBoolean()).isTrue();
    }

    /** Whether the run's archive reading is still under way (or still to be cleaned up), straight from the database. */
    private boolean ingesting(long runId) {
        try (Connection db = database(); PreparedStatement query = db.prepareStatement("SELECT ingesting FROM runs WHERE id = ?")) {
            query.setLong(1, runId);
            try (var result = query.executeQuery()) {
                return result.next() && result.getBoolean(1);
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private Connection database() throws Exception {
        return DriverManager.getConnection(app.dbUrl());
    }
}
