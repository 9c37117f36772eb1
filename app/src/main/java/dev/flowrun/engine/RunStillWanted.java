package dev.flowrun.engine;

import dev.flowrun.input.zip.StopCheck;
import dev.flowrun.input.zip.ZipStopped;
import dev.flowrun.lifecycle.IngestTransitions;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.jdbi.v3.core.Jdbi;

/**
 * Stops a zip run's ingestion once the service is stopping, the run has finished (was cancelled) or another
 * instance has taken the reading over. Asks the database at most every 250 ms however often it is called, so it can
 * be called per entry and per MiB.
 */
final class RunStillWanted implements StopCheck {
    private static final long RECHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private final Jdbi jdbi;
    private final long runId;
    private final String claim;
    private final BooleanSupplier stopping;
    private long nextCheck = System.nanoTime();

    RunStillWanted(Jdbi jdbi, long runId, String claim, BooleanSupplier stopping) {
        this.jdbi = jdbi;
        this.runId = runId;
        this.claim = claim;
        this.stopping = stopping;
    }

    @Override
    public void check() throws ZipStopped {
        if (stopping.getAsBoolean()) {
            throw new ZipStopped("the service is stopping");
        }
        long now = System.nanoTime();
        if (now - nextCheck < 0) {
            return;
        }
        nextCheck = now + RECHECK_NANOS;
        if (jdbi.withExtension(IngestTransitions.class, ingest -> ingest.stillWanted(runId, claim)) == 0) {
            throw new ZipStopped("run " + runId + " is finished (cancelled), or another instance took its reading over");
        }
    }
}
