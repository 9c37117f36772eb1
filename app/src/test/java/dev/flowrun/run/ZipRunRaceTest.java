package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The finish-early race: a run finishes when its counted items reach its total, so items that could run while
 * the total is still growing would finish a big zip run after its first items. Watched from outside while
 * fast workers race the reading of an archive staged in several batches.
 */
class ZipRunRaceTest {
    static final int IMAGES = 1_201;
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_WORKERS", "4"));
    @AutoClose
    static FileServer files;

    @BeforeAll
    static void start() {
        Zips zip = Zips.builder();
        for (int i = 0; i < IMAGES; i++) {
            zip.add("shelf-" + (i / 100) + "/item-" + i + ".png", Zips.png(i));
        }
        files = new FileServer().serve("/big.zip", zip.build());
    }

    record Seen(String status, int totalItems, int counted) {
    }

    @Test
    void noItemIsCountedAndTheRunNeverFinishesBeforeTheWholeArchiveIsRead() {
        long workflowId = ZipRuns.passThroughWorkflow(app);
        // Warm: a cold first item (class loading, image codecs) would be slower than reading the whole archive.
        files.serve("/warm.zip", Zips.builder().add("warm.png", Zips.png(0)).build());
        ZipRuns.awaitTerminal(app, ZipRuns.create(app, workflowId, files.url("/warm.zip"), null).path("id").asLong());
        long runId = ZipRuns.create(app, workflowId, files.url("/big.zip"), null).path("id").asLong();
        List<Seen> seen = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        JsonNode run;
        do {
            run = app.get("/workflows/runs/" + runId + "?pageSize=1").json();
            seen.add(new Seen(run.path("status").asText(), run.path("totalItems").asInt(),
                    run.path("completedItems").asInt() + run.path("failedItems").asInt()));
        } while (!Runs.TERMINAL.contains(run.path("status").asText()) && System.nanoTime() < deadline);

        assertThat(seen).as("observed while the archive was still being read").anyMatch(s -> s.totalItems() == 0);
        assertThat(seen).as("the total is 0 until the archive is read, then all of it at once")
                .filteredOn(s -> s.totalItems() != 0 && s.totalItems() != IMAGES).isEmpty();
        assertThat(seen).as("nothing is counted before the total is known")
                .filteredOn(s -> s.counted() > s.totalItems()).isEmpty();
        assertThat(seen).as("a run is terminal only with its whole total")
                .filteredOn(s -> Runs.TERMINAL.contains(s.status()) && s.totalItems() != IMAGES).isEmpty();
        assertThat(run.path("status").asText()).isEqualTo("completed");
        assertThat(run.path("completedItems").asInt()).isEqualTo(IMAGES);
        assertThat(run.path("itemsTotal").asInt()).isEqualTo(IMAGES);
    }
}
