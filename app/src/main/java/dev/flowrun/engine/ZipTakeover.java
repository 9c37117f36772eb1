package dev.flowrun.engine;

import dev.flowrun.cluster.Takeover;
import dev.flowrun.lifecycle.Abandoned;
import dev.flowrun.lifecycle.IngestTransitions;
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
        List<Long> runIds = handle.attach(IngestTransitions.class).takeOver(abandoned);
        handle.afterCommit(() -> runIds.forEach(zips::submit));
        return runIds.size();
    }

    @Override
    public String what() {
        return "archive readings";
    }
}
