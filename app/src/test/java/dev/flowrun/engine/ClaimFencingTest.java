package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.lifecycle.ClaimedItem;
import dev.flowrun.lifecycle.ItemEnd;
import dev.flowrun.lifecycle.ItemFinish;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.ItemTransitions;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

/**
 * An instance that stalls past its lease finds its work taken over; the item it was running is run again under the
 * taker's claim, and the item ends once, with one result and one count, however the two attempts' ends interleave.
 * An item's end is fenced by the claim it ran under.
 */
class ClaimFencingTest {

    @Test
    void anItemTakenOverFromAStalledInstanceRunsAgainUnderTheNewClaimAndEndsOnce() {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "2", "FLOWRUN_LEASE", "1s"));
             FileServer files = new FileServer().serve("/disc.png", Images.pngDisc())) {
            Jdbi jdbi = Jdbi.create(app.dbUrl());
            long workflowId = app.get("/workflows").json().get(0).path("id").asLong();
            long runId = app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                    + files.heldUrl("/disc.png") + "\"}]}}}").json().path("id").asLong();
            Await.until("the first attempt to hold its download", Duration.ofSeconds(10), () -> files.heldRequests() == 1);
            String stalled = jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances")
                    .mapTo(String.class).one());
            long itemId = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT id FROM run_items WHERE run_id = :runId").bind("runId", runId).mapTo(Long.class).one());
            ItemFinish endedByAnother = jdbi.inTransaction(handle -> ItemTransitions.finish(handle,
                    new ClaimedItem(runId, itemId, "another-instance", null),
                    new ItemEnd(ItemStatus.COMPLETED, null, null, List.of(), false), List.of(), Instant.now(),
                    ItemTransitions.FinishSteps.NONE, RunSignals.of()));
            assertThat(endedByAnother).as("an end under a claim that is not the item's").isEqualTo(ItemFinish.TAKEN_OVER);
            assertThat(app.get("/workflows/runs/" + runId).json().path("items").get(0).path("status").asText())
                    .isEqualTo("running");

            // What another instance does to one whose lease ran out (Heartbeat, ItemTakeover).
            jdbi.useTransaction(handle -> {
                handle.createUpdate("DELETE FROM instances WHERE id = :id").bind("id", stalled).execute();
                handle.createUpdate("""
                        UPDATE run_items SET status = 'queued', claimed_by = NULL, started_at = NULL
                        WHERE status = 'running' AND claimed_by = :id""").bind("id", stalled).execute();
            });
            String renewed = Await.until("the instance to go on under a new id", Duration.ofSeconds(10),
                    () -> jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances")
                            .mapTo(String.class).findOne().orElse(stalled)), id -> !id.equals(stalled));
            // Items queued by another run wake the idle worker, which takes the requeued item first (its turn).
            app.post("/workflows/" + workflowId + "/runs", "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \""
                    + files.url("/disc.png") + "\"}]}}}");
            Await.until("the second attempt to hold its download", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
            files.release();

            JsonNode run = Await.until("the run", Duration.ofSeconds(30),
                    () -> app.get("/workflows/runs/" + runId).json(), r -> r.path("status").asText().equals("completed"));
            assertThat(run.path("completedItems").asInt()).isEqualTo(1);
            assertThat(run.path("failedItems").asInt()).isZero();
            int outputRows = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT COUNT(*) FROM item_outputs WHERE item_id = :id").bind("id", itemId).mapTo(Integer.class).one());
            assertThat(outputRows).as("output rows of the item").isEqualTo(1);
            String claimedBy = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT claimed_by FROM run_items WHERE id = :id").bind("id", itemId).mapTo(String.class).one());
            assertThat(claimedBy).isEqualTo(renewed);
        }
    }
}
