package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Pause, resume and priority at the claim: a paused run's queued items are passed by on every claim, its running ones
 * finish and count, takeovers and give-backs keep the pause, cancel works; higher priorities are claimed first, runs
 * of one priority take turns.
 */
class RunPauseTest {
    final LifecycleDatabase db = new LifecycleDatabase("run-pause");
    final ItemClaims claims = new ItemClaims(db.jdbi, () -> "instance-a", !db.database().dialect().exclusive());

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aPausedRunsItemsAreNotClaimedAndItsRunningOneFinishesAndCounts() {
        long paused = db.run(3);
        ClaimedItem running = claims.next(T).orElseThrow();
        assertThat(pause(paused)).isTrue();
        assertThat(pause(paused)).as("a paused run is paused once").isFalse();
        assertThat(db.number("SELECT COUNT(*) FROM runs WHERE paused_at IS NOT NULL AND id = " + paused)).isEqualTo(1);
        assertThat(claims.next(T)).as("no item of a paused run starts").isEmpty();
        long other = db.run(1);
        assertThat(claims.next(T).map(ClaimedItem::runId)).as("other runs go on").contains(other);

        assertThat(finish(running)).isEqualTo(ItemFinish.COUNTED);
        assertThat(db.number("SELECT completed_items FROM runs WHERE id = " + paused)).isEqualTo(1);
        assertThat(db.runStatus(paused)).isEqualTo(RunStatus.RUNNING);

        assertThat(resume(paused)).isTrue();
        assertThat(resume(paused)).as("a run not paused is not resumed").isFalse();
        ClaimedItem next = claims.next(T).orElseThrow();
        assertThat(next.runId()).isEqualTo(paused);
        assertThat(db.number("SELECT COUNT(*) FROM run_events WHERE name = 'run' AND paused = TRUE AND run_id = "
                + paused)).as("the pause's run event").isEqualTo(1);
    }

    @Test
    void aTakeoverOrGiveBackOfAPausedRunsItemKeepsItHeld() {
        long runId = db.run(2);
        ClaimedItem first = claims.next(T).orElseThrow();
        ClaimedItem second = claims.next(T).orElseThrow();
        pause(runId);
        ItemTransitions.TakenOver moved = db.jdbi.inTransaction(handle -> ItemTransitions.takeOver(handle,
                Abandoned.by("instance-a", "instance-b"), T.plusSeconds(1)));
        assertThat(moved.requeued()).isEqualTo(2);
        assertThat(db.itemStatus(first.itemId())).isEqualTo(ItemStatus.QUEUED);
        assertThat(claims.next(T.plusSeconds(2))).as("taken over, still paused").isEmpty();

        resume(runId);
        ClaimedItem again = claims.next(T.plusSeconds(3)).orElseThrow();
        pause(runId);
        boolean givenBack = db.jdbi.inTransaction(handle -> ItemTransitions.giveBack(handle, again, T.plusSeconds(4)));
        assertThat(givenBack).isTrue();
        assertThat(claims.next(T.plusSeconds(5))).as("given back, still paused").isEmpty();
        assertThat(second.runId()).isEqualTo(runId);
    }

    @Test
    void aPausedRunIsCancelledAndThenNeitherPausedNorResumed() {
        long runId = db.run(2);
        pause(runId);
        RunTransitions.Cancel cancel = db.jdbi.inTransaction(handle ->
                RunTransitions.cancel(handle, db.workspaceId, runId, T, db.signals));
        assertThat(cancel).isEqualTo(new RunTransitions.Cancel(true, 2));
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.CANCELLED);
        assertThat(db.number("SELECT COUNT(*) FROM runs WHERE paused_at IS NULL AND id = " + runId)).isEqualTo(1);
        assertThat(resume(runId)).isFalse();
        assertThat(pause(runId)).isFalse();
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void aPausedRunWhoseLastRunningItemEndsFinishesUnpaused() {
        long runId = db.run(1);
        ClaimedItem only = claims.next(T).orElseThrow();
        pause(runId);
        assertThat(finish(only)).isEqualTo(ItemFinish.RUN_FINISHED);
        assertThat(db.runStatus(runId)).isEqualTo(RunStatus.COMPLETED);
        assertThat(db.number("SELECT COUNT(*) FROM runs WHERE paused_at IS NULL AND id = " + runId)).isEqualTo(1);
        assertThat(db.finished).containsExactly(runId);
    }

    @Test
    void higherPrioritiesAreClaimedFirstAndRunsOfOnePriorityTakeTurns() {
        long low = db.run(2, Priority.LOW);
        long normalA = db.run(2, Priority.NORMAL);
        long normalB = db.run(2, Priority.NORMAL);
        long high = db.run(2, Priority.HIGH);
        List<Long> order = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            order.add(claims.next(T).orElseThrow().runId());
        }
        assertThat(order).containsExactly(high, high, normalA, normalB, normalA, normalB, low, low);
    }

    @Test
    void aResumedRunTakesTurnsWithTheRunsThatWentOnMeanwhile() {
        long paused = db.run(3);
        pause(paused);
        long other = db.run(4);
        claims.next(T).orElseThrow();
        claims.next(T).orElseThrow();
        resume(paused);
        List<Long> order = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            order.add(claims.next(T).orElseThrow().runId());
        }
        // Both runs' next items share a turn now; the older run goes first within it.
        assertThat(order).as("taking turns, not three of the resumed run first")
                .containsExactly(paused, other, paused, other);
    }

    private boolean pause(long runId) {
        return db.jdbi.inTransaction(handle -> RunPause.pause(handle, db.workspaceId, runId, T, db.signals));
    }

    private boolean resume(long runId) {
        return db.jdbi.inTransaction(handle -> RunPause.resume(handle, db.workspaceId, runId, T, db.signals));
    }

    private ItemFinish finish(ClaimedItem item) {
        return db.jdbi.inTransaction(handle -> ItemTransitions.finish(handle, item,
                new ItemEnd(ItemStatus.COMPLETED, null, null, List.of(), false), List.of("out"), T.plusSeconds(1),
                ItemTransitions.FinishSteps.NONE, db.signals));
    }
}
