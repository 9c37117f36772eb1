package dev.flowrun.retention;

import dev.flowrun.files.FileStore;
import java.time.Clock;
import java.time.Duration;
import org.jdbi.v3.core.Jdbi;

/**
 * The retention feature's parts: the sweeper that deletes runs' and uploads' files once {@code retention} has passed,
 * and the reads that tell a file deleted from one never made.
 */
public record Retention(RetentionSweeper sweeper, DeletedFiles deletedFiles) {

    public static Retention create(Jdbi jdbi, FileStore store, Duration retention, Clock clock) {
        return new Retention(new RetentionSweeper(jdbi, store, retention, clock), new DeletedFiles(jdbi));
    }
}
