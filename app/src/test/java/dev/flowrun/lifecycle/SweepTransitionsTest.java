package dev.flowrun.lifecycle;

import static dev.flowrun.lifecycle.LifecycleDatabase.T;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The retention's marks: only terminal runs past the cutoff are due, and each is marked by one sweeper. */
class SweepTransitionsTest {
    final LifecycleDatabase db = new LifecycleDatabase("sweep-transitions");

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void aFinishedRunIsDueOnceAndMarkedOnce() {
        long finished = db.run(1);
        long queued = db.run(1);
        db.jdbi.useTransaction(handle -> RunTransitions.cancel(handle, db.workspaceId, finished, T, db.signals));
        SweepTransitions sweep = db.jdbi.onDemand(SweepTransitions.class);
        assertThat(sweep.runsDue(T.plusSeconds(1), 10)).containsExactly(finished);
        assertThat(sweep.runsDue(T, 10)).as("not before the cutoff").isEmpty();
        assertThat(sweep.markRun(finished, T.plusSeconds(2))).isEqualTo(1);
        assertThat(sweep.markRun(finished, T.plusSeconds(3))).as("another sweeper was first").isZero();
        assertThat(sweep.runsDue(T.plusSeconds(4), 10)).isEmpty();
        assertThat(sweep.runsMarkedAmong(List.of(finished, queued))).containsExactly(finished);
        assertThat(sweep.runMarked(queued)).isZero();
    }
}
