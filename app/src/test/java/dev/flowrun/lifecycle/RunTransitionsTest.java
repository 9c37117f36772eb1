package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A run's own transitions: created queued, cancelled or failed once, each terminal one telling its listener once. */
class RunTransitionsTest {
    final LifecycleDatabase db = new LifecycleDatabase("run-transitions");

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aNewRunIsQueuedWithItsItems() {
        long runId = db.run(3);
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.QUEUED);
        assertThat(db.items(runId)).hasSize(3).allSatisfy(id -> assertThat(db.itemStatus(id)).isEqualTo(ItemStatus.QUEUED));
        assertThat(db.number("SELECT total_items FROM runs WHERE id = " + runId)).isEqualTo(3);
    }

    @Test
    void aCancelEndsTheRunAndItsQueuedItemsOnce() {
        long runId = db.run(2);
        RunTransitions.Cancel first = db.jdbi.inTransaction(handle ->
                RunTransitions.cancel(handle, db.workspaceId, runId, T.plusSeconds(1), db.signals));
        RunTransitions.Cancel second = db.jdbi.inTransaction(handle ->
                RunTransitions.cancel(handle, db.workspaceId, runId, T.plusSeconds(2), db.signals));
        assertThat(first).isEqualTo(new RunTransitions.Cancel(true, 2));
        assertThat(second).as("a terminal run is not cancelled again").isEqualTo(new RunTransitions.Cancel(false, 0));
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.CANCELLED);
        assertThat(db.items(runId)).allSatisfy(id -> assertThat(db.itemStatus(id)).isEqualTo(ItemStatus.CANCELLED));
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void anotherWorkspaceCannotCancelTheRun() {
        long runId = db.run(1);
        RunTransitions.Cancel cancel = db.jdbi.inTransaction(handle ->
                RunTransitions.cancel(handle, db.workspaceId + 1, runId, T, db.signals));
        assertThat(cancel.cancelled()).isFalse();
        assertThat(db.finished).isEmpty();
    }

    /** A failure ends a run still going, with its error; after a cancel it changes nothing, the listener told once. */
    @ParameterizedTest(name = "cancelled first: {0}")
    @CsvSource({"false, true, FAILED, zip_invalid", "true, false, CANCELLED, -"})
    void aFailureEndsTheRunWithItsErrorUnlessItWasCancelled(boolean cancelledFirst, boolean fails, RunStatus status,
                                                           String errorCode) {
        long runId = db.run(1);
        if (cancelledFirst) {
            db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
        }
        boolean failed = db.jdbi.inTransaction(handle ->
                RunTransitions.fail(handle, runId, "zip_invalid", "not a zip", T.plusSeconds(1), db.signals));
        assertThat(failed).isEqualTo(fails);
        assertThat(db.runStatus(runId)).isEqualTo(status);
        assertThat(db.text("SELECT COALESCE(error_code, '-') FROM runs WHERE id = " + runId)).isEqualTo(errorCode);
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void aRetryPointsAtTheRunItRetries() {
        long original = db.run(1);
        long retry = db.run(1);
        db.jdbi.useTransaction(handle -> RunTransitions.markRetryOf(handle, retry, original));
        assertThat(db.number("SELECT retry_of FROM runs WHERE id = " + retry)).isEqualTo(original);
    }
}
