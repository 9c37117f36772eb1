package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A zip run's reading: staged, then published at once under its claim; abandoned; taken over. */
class IngestTransitionsTest {
    final LifecycleDatabase db = new LifecycleDatabase("ingest-transitions");

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void publishingQueuesTheStagedItemsWithTheRunsTotal() {
        long runId = db.zipRun("instance-a");
        stage(runId, 3);
        boolean published = db.jdbi.inTransaction(handle ->
                handle.attach(IngestTransitions.class).publish(runId, 3, "instance-a", T.plusSeconds(1)));
        assertThat(published).isTrue();
        assertThat(db.items(runId)).hasSize(3).allSatisfy(id -> assertThat(db.itemStatus(id)).isEqualTo(ItemStatus.QUEUED));
        assertThat(db.number("SELECT total_items FROM runs WHERE id = " + runId)).isEqualTo(3);
        assertThat(db.number("SELECT COUNT(*) FROM staged_items WHERE run_id = " + runId)).isZero();
        assertThat(ingest().stillOurs(runId, "instance-a")).as("the reading is over").isZero();
    }

    @Test
    void onlyTheClaimantPublishes() {
        long runId = db.zipRun("instance-a");
        stage(runId, 1);
        assertThat(ingest().stillWanted(runId, "instance-b")).isZero();
        boolean published = db.jdbi.inTransaction(handle ->
                handle.attach(IngestTransitions.class).publish(runId, 1, "instance-b", T));
        assertThat(published).isFalse();
        assertThat(db.items(runId)).isEmpty();
    }

    @Test
    void aCancelledReadingIsNotPublishedAndIsForgotten() {
        long runId = db.zipRun("instance-a");
        stage(runId, 2);
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
        assertThat(ingest().stillWanted(runId, "instance-a")).isZero();
        assertThat(ingest().stillOurs(runId, "instance-a")).as("its clean-up is still ours").isEqualTo(1);
        boolean published = db.jdbi.inTransaction(handle ->
                handle.attach(IngestTransitions.class).publish(runId, 2, "instance-a", T));
        assertThat(published).isFalse();
        assertThat(ingest().ingestingRun(runId, "instance-a")).map(IngestTransitions.IngestingRun::wanted)
                .contains(false);
        ingest().deleteStaged(runId);
        assertThat(ingest().forgetAbandoned(runId, "instance-a")).isEqualTo(1);
        assertThat(ingest().ingestingRun(runId, "instance-a")).isEmpty();
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void aTakeoverMovesTheReadingToTheTaker() {
        long gone = db.zipRun("instance-a");
        long other = db.zipRun("instance-c");
        List<Long> moved = db.jdbi.inTransaction(handle ->
                handle.attach(IngestTransitions.class).takeOver(Abandoned.by("instance-a", "instance-b")));
        assertThat(moved).containsExactly(gone);
        assertThat(ingest().stillWanted(gone, "instance-b")).isEqualTo(1);
        assertThat(ingest().stillWanted(gone, "instance-a")).isZero();
        assertThat(ingest().stillWanted(other, "instance-c")).isEqualTo(1);
    }

    private void stage(long runId, int count) {
        List<StagedItem> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new StagedItem(runId, i, "{}", "item" + i));
        }
        ingest().stage(items);
    }

    private IngestTransitions ingest() {
        return db.jdbi.onDemand(IngestTransitions.class);
    }
}
