package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one way a run ends, is cancelled, paused or resumed: every transition that makes such a change sends one
 * run-signal, inside its transaction and again once it committed, only when it changed the run, with the run as the
 * transaction leaves it; a change rolled back is never told after.
 */
class RunSignalsTest {
    final LifecycleDatabase db = new LifecycleDatabase("run-signals");
    final ItemClaims claims = new ItemClaims(db.jdbi, () -> "instance-a", !db.database().dialect().exclusive());

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void eachChangeIsToldOnceInItsTransactionAndOnceAfterItsCommit() {
        long finished = db.run(1);
        pause(finished);
        pause(finished);
        resume(finished);
        resume(finished);
        ClaimedItem item = claims.next(T).orElseThrow();
        db.jdbi.inTransaction(handle -> ItemTransitions.finish(handle, item,
                new ItemEnd(ItemStatus.COMPLETED, null, null, List.of(), false), List.of("out"), T.plusSeconds(1),
                ItemTransitions.FinishSteps.NONE, db.signals));
        long cancelled = db.run(2);
        pause(cancelled);
        cancel(cancelled);
        cancel(cancelled);
        long failed = db.zipRun("instance-a");
        db.jdbi.useTransaction(handle -> RunTransitions.fail(handle, failed, "zip_invalid", "not a zip", T, db.signals));
        db.jdbi.useTransaction(handle -> RunTransitions.fail(handle, failed, "zip_invalid", "again", T, db.signals));

        List<String> expected = List.of(finished + " PAUSED running=false paused=true",
                finished + " RESUMED running=false paused=false", finished + " FINISHED completed paused=false",
                cancelled + " PAUSED running=false paused=true", cancelled + " CANCELLED cancelled paused=false",
                failed + " FINISHED failed paused=false");
        assertThat(db.during.stream().map(RunSignalsTest::told).toList()).isEqualTo(expected);
        assertThat(db.after.stream().map(RunSignalsTest::told).toList()).isEqualTo(expected);
        assertThat(db.finished).containsExactly(finished, cancelled, failed);
        assertThat(db.number("SELECT COUNT(*) FROM run_events WHERE name = 'run' AND run_id = " + cancelled))
                .as("the live events' listener: a run event for the pause and one for the cancel").isEqualTo(2);
    }

    @Test
    void aChangeRolledBackIsToldInItsTransactionButNeverAfter() {
        long runId = db.run(1);
        assertThatThrownBy(() -> db.jdbi.useTransaction(handle -> {
            RunPause.pause(handle, db.workspaceId, runId, T, db.signals);
            throw new IllegalStateException("rolled back");
        })).hasMessage("rolled back");
        assertThat(db.during).hasSize(1);
        assertThat(db.after).isEmpty();
        assertThat(db.number("SELECT COUNT(*) FROM runs WHERE paused_at IS NULL AND id = " + runId)).isEqualTo(1);
        assertThat(db.number("SELECT COUNT(*) FROM run_events WHERE run_id = " + runId)).isZero();
    }

    @Test
    void signalsWithoutListenersYetRefuseToBeSent() {
        long runId = db.run(1);
        RunSignals unheard = new RunSignals();
        assertThatThrownBy(() -> db.jdbi.useTransaction(handle ->
                RunPause.pause(handle, db.workspaceId, runId, T, unheard))).isInstanceOf(IllegalStateException.class);
        assertThat(db.number("SELECT COUNT(*) FROM runs WHERE paused_at IS NULL AND id = " + runId))
                .as("a change no one could hear of is not made").isEqualTo(1);
        unheard.listen();
        assertThatThrownBy(unheard::listen).isInstanceOf(IllegalStateException.class);
    }

    /** The signal with the run's status and pause as the listener saw them; "running" is false before a claim. */
    private static String told(RunSignal signal) {
        RunRow run = signal.run();
        String status = signal.change().ended() ? run.status().json() : "running=" + (run.status() == RunStatus.RUNNING);
        return signal.runId() + " " + signal.change() + " " + status + " paused=" + (run.pausedAt() != null);
    }

    private void pause(long runId) {
        db.jdbi.useTransaction(handle -> RunPause.pause(handle, db.workspaceId, runId, T, db.signals));
    }

    private void resume(long runId) {
        db.jdbi.useTransaction(handle -> RunPause.resume(handle, db.workspaceId, runId, T, db.signals));
    }

    private void cancel(long runId) {
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
    }
}
