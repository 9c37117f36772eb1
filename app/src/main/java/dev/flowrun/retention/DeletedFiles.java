package dev.flowrun.retention;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;

/**
 * Tells a file the retention deleted (410 {@code gone}) from one that never was (404). Asked only for a key with no
 * file behind it, so serving the files that are there costs nothing more.
 */
public final class DeletedFiles {
    private static final Pattern RUN = Pattern.compile("runs/(\\d{1,18})/.+");
    private static final Pattern UPLOAD = Pattern.compile("uploads/(\\d{1,18})/.+");
    private final Jdbi jdbi;

    public DeletedFiles(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    public boolean deleted(String key) {
        Matcher run = RUN.matcher(key);
        if (run.matches()) {
            long id = Long.parseLong(run.group(1));
            return jdbi.withExtension(SweepDao.class, dao -> dao.runMarked(id)) > 0;
        }
        Matcher upload = UPLOAD.matcher(key);
        if (upload.matches()) {
            long id = Long.parseLong(upload.group(1));
            return jdbi.withExtension(SweepDao.class, dao -> dao.uploadMarked(id)) > 0;
        }
        return false;
    }
}
