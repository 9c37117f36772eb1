package dev.flowrun.engine;

import dev.flowrun.cluster.Abandoned;
import dev.flowrun.cluster.Takeover;
import java.util.List;
import org.jdbi.v3.core.Handle;

/** Archive readings a gone instance had under way: marked as the taker's and started there from nothing. */
final class ZipTakeover implements Takeover {
    private final ZipIngestPool zips;

    ZipTakeover(ZipIngestPool zips) {
        this.zips = zips;
    }

    @Override
    public int takeOver(Handle handle, Abandoned abandoned) {
        List<Long> runIds = abandoned.bind(handle.createQuery(
                        "SELECT id FROM runs WHERE ingesting = TRUE AND " + abandoned.where("ingest_claimed_by")
                                + " ORDER BY id"))
                .mapTo(Long.class).list();
        if (runIds.isEmpty()) {
            return 0;
        }
        abandoned.bind(handle.createUpdate("UPDATE runs SET ingest_claimed_by = :taker WHERE ingesting = TRUE AND "
                        + abandoned.where("ingest_claimed_by")))
                .bind("taker", abandoned.taker()).execute();
        handle.afterCommit(() -> runIds.forEach(zips::submit));
        return runIds.size();
    }

    @Override
    public String what() {
        return "archive readings";
    }
}
