package dev.flowrun.archive;

import dev.flowrun.cluster.Takeover;
import dev.flowrun.lifecycle.Abandoned;
import org.jdbi.v3.core.Handle;

/** Archive builds a gone instance had under way: forgotten, so the next one to ask builds the archive. */
public final class ArchiveTakeover implements Takeover {
    @Override
    public int takeOver(Handle handle, Abandoned abandoned) {
        return abandoned.bind(handle.createUpdate("DELETE FROM archive_builds WHERE " + abandoned.where("claimed_by")))
                .execute();
    }

    @Override
    public String what() {
        return "archive builds";
    }
}
