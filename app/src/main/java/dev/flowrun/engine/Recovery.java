package dev.flowrun.engine;

import dev.flowrun.run.ItemQueue;
import dev.flowrun.run.RunDao;
import dev.flowrun.run.RunTransitions;
import dev.flowrun.run.ZipQueue;
import dev.flowrun.run.ZipRunDao;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At start, before the workers: items that were running when the process stopped are queued again (they run
 * from the start), and every queued item of an unfinished run goes back into the queue, oldest run first.
 * Zip runs whose archive was being read go back to the ingestion pool, which starts them over (or cleans up
 * after those cancelled meanwhile).
 */
final class Recovery {
    private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);
    private final Jdbi jdbi;
    private final Clock clock;

    Recovery(Jdbi jdbi, Clock clock) {
        this.jdbi = jdbi;
        this.clock = clock;
    }

    void resume(ItemQueue queue, ZipQueue zips) {
        int requeued = jdbi.inTransaction(handle -> {
            RunTransitions transitions = handle.attach(RunTransitions.class);
            transitions.cancelOrphanedItems(clock.instant().truncatedTo(ChronoUnit.MILLIS));
            return transitions.requeueInterruptedItems();
        });
        List<Long> runIds = jdbi.withExtension(RunDao.class, RunDao::activeRunIds);
        int items = 0;
        for (long runId : runIds) {
            List<Long> itemIds = jdbi.withExtension(RunDao.class, dao -> dao.queuedItemIds(runId));
            queue.enqueue(runId, itemIds);
            items += itemIds.size();
        }
        if (!runIds.isEmpty()) {
            LOG.info("resuming {} unfinished runs: {} items queued ({} were interrupted)", runIds.size(), items, requeued);
        }
        List<Long> ingesting = jdbi.withExtension(ZipRunDao.class, ZipRunDao::ingestingRunIds);
        ingesting.forEach(zips::submit);
        if (!ingesting.isEmpty()) {
            LOG.info("reading the archives of {} zip runs again", ingesting.size());
        }
    }
}
