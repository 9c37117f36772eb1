package dev.flowrun.retention;

import dev.flowrun.files.FileLayout;
import dev.flowrun.lifecycle.SweepTransitions;
import java.util.OptionalLong;
import org.jdbi.v3.core.Jdbi;

/**
 * Tells a file the retention deleted (410 {@code gone}) from one that never was (404). Asked only for a key with no
 * file behind it, so serving the files that are there costs nothing more.
 */
public final class DeletedFiles {
    private final Jdbi jdbi;

    public DeletedFiles(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    public boolean deleted(String key) {
        OptionalLong run = FileLayout.runOf(key);
        if (run.isPresent()) {
            return jdbi.withExtension(SweepTransitions.class, dao -> dao.runMarked(run.getAsLong())) > 0;
        }
        OptionalLong upload = FileLayout.uploadOf(key);
        if (upload.isPresent()) {
            return jdbi.withExtension(SweepTransitions.class, dao -> dao.uploadMarked(upload.getAsLong())) > 0;
        }
        return false;
    }
}
