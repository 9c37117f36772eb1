package dev.flowrun.run;

import dev.flowrun.files.FileStore;
import java.io.IOException;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.slf4j.LoggerFactory;

/**
 * Where a run's files are: all under {@code runs/<id>/} (inputs, node outputs, the archive, an uploaded zip), so
 * removing a run's files is removing that folder.
 */
public interface RunFiles {

    static String folder(long runId) {
        return "runs/" + runId;
    }

    /** An uploaded archive of a zip run, linked here at create and kept until its reading is over. */
    static String uploadedArchiveKey(long runId) {
        return folder(runId) + "/source/archive.zip";
    }

    static void deleteQuietly(FileStore store, long runId) {
        try {
            store.deleteTree(folder(runId));
        } catch (IOException e) {
            LoggerFactory.getLogger(RunFiles.class).warn("run {}: could not delete its files: {}", runId, e.toString());
        }
    }

    @SqlUpdate("UPDATE runs SET zip_key = :key WHERE id = :runId")
    int setZipKey(@Bind("runId") long runId, @Bind("key") String key);
}
