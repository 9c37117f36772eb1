package dev.flowrun.db;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import org.h2.mvstore.Chunk;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before H2 opens a file that the last process left without closing it ({@code kill -9}, a crash), finds the newest
 * complete version in it, which H2's own opening can miss, and points the file's header at it.
 *
 * <p>Why (docs/decisions/0001-h2-recovery.md): H2 writes each commit as a chunk (flowrun's {@code WRITE_DELAY=0}), into free space inside the
 * file once its retention time (45 s) has let old chunks go. Each chunk names the block where the next one will
 * probably go; when the next goes elsewhere, {@code RandomAccessStore.writeChunk} rewrites the store header so that
 * an unclean opening can still find it, but it does so before {@code FileStore.storeBuffer} has made the new chunk
 * the last one ({@code lastChunk = c} comes after {@code writeChunk}), so the header names the chunk before it, whose
 * prediction is the wrong one. Opening after a kill, {@code RandomAccessStore.readStoreHeader} starts from the
 * header's chunk, follows the predictions, finds the chain broken and settles on that older chunk: every commit
 * since, each answered to a client, is gone, and the next writes reuse their space. Until H2 writes the header again
 * (at the latest 20 versions later), any kill loses what was committed. H2 2.1.214 set the last chunk first; the
 * order changed in 2.2.220 ("move non-generic stuff to RandomAccessStore") and is the same up to 2.5.252.
 *
 * <p>H2's recovery mode scans every block instead and takes the newest chunk all of whose pages are there. This
 * opens the file that way and, if it finds a newer version than H2 would open, writes the header H2 should have
 * written (H2's own private {@code writeStoreHeader}, under its lock), so that H2's ordinary opening starts there.
 * Only after an unclean stop, or a clean one whose last chunk H2 would not open (below): the scan reads the whole
 * file. A newest chunk older in time than the one H2 would open is a branch an earlier kill already lost and later
 * writes went past: left alone.
 */
final class H2Recovery {
    private static final Logger LOG = LoggerFactory.getLogger(H2Recovery.class);

    private H2Recovery() {
    }

    /** Does nothing for a URL that is not a plain H2 file, a file that does not exist yet, or one in use. */
    static void beforeOpen(String jdbcUrl) {
        Path file = storeFile(jdbcUrl);
        if (file == null || !Files.isRegularFile(file) || !Files.isWritable(file)) {
            return;
        }
        try {
            Chunk<?> opened;
            try (MVStore store = builder(file).readOnly().open()) {
                opened = lastChunk(store);
                Map<String, Object> header = store.getStoreHeader();
                // A clean stop's header names the last chunk, and H2 opens it, unless a chunk listed in it was lost
                // to an earlier kill (H2 then goes back further than that): checked here at the cost of one opening.
                if (header.containsKey("clean") && opened != null
                        && opened.version >= hex(header.get("version"))) {
                    return;
                }
            }
            MVStore store = builder(file).recoveryMode().open();
            try {
                Chunk<?> newest = lastChunk(store);
                if (opened == null || newest == null || newest.version <= opened.version || newest.time < opened.time) {
                    return;
                }
                // Not marked clean: H2 then checks every chunk the newest one lists, and passes over those an earlier
                // kill lost, where its quick check after a clean stop gives up on the newest chunk.
                store.getStoreHeader().remove("clean");
                writeStoreHeader(store.getFileStore());
                LOG.info("recovered the database {} after a kill or crash: opening its version {}, where H2 would have"
                        + " opened version {} and lost what was committed after it", file, newest.version, opened.version);
            } finally {
                // Nothing else written: no clean mark, no compaction, as if this process had not opened it.
                store.closeImmediately();
            }
        } catch (MVStoreException e) {
            // In use by another process, or damaged: H2's own opening says so, in its words.
            LOG.debug("no recovery of {} before opening it", file, e);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // An H2 whose internals changed: open as H2 would (RepeatedKillsTest tells whether that loses commits).
            LOG.warn("could not check {} for commits H2 would lose after an unclean stop: {}", file, e.toString());
        }
    }

    /** A number of the store header: hexadecimal as read from the file (H2's {@code DataUtils.readHexLong}). */
    private static long hex(Object value) {
        return value instanceof Number number ? number.longValue() : Long.parseLong(String.valueOf(value), 16);
    }

    private static MVStore.Builder builder(Path file) {
        return new MVStore.Builder().fileName(file.toString()).autoCommitDisabled();
    }

    private static Chunk<?> lastChunk(MVStore store) throws ReflectiveOperationException {
        Field last = FileStore.class.getDeclaredField("lastChunk");
        last.setAccessible(true);
        return (Chunk<?>) last.get(store.getFileStore());
    }

    private static void writeStoreHeader(FileStore<?> fileStore) throws ReflectiveOperationException {
        Field lockField = FileStore.class.getDeclaredField("saveChunkLock");
        lockField.setAccessible(true);
        Method write = fileStore.getClass().getSuperclass().getDeclaredMethod("writeStoreHeader");
        write.setAccessible(true);
        Lock lock = (Lock) lockField.get(fileStore);
        lock.lock();
        try {
            write.invoke(fileStore);
        } finally {
            lock.unlock();
        }
    }

    /** The {@code .mv.db} file of a {@code jdbc:h2:[file:]path} URL; null for memory, server or other file systems. */
    static Path storeFile(String jdbcUrl) {
        if (!jdbcUrl.regionMatches(true, 0, "jdbc:h2:", 0, 8)) {
            return null;
        }
        String name = jdbcUrl.substring(8);
        int settings = name.indexOf(';');
        if (settings >= 0) {
            if (jdbcUrl.toUpperCase(Locale.ROOT).contains(";CIPHER=")) {
                return null;
            }
            name = name.substring(0, settings);
        }
        if (name.regionMatches(true, 0, "file:", 0, 5)) {
            name = name.substring(5);
        }
        if (name.startsWith("~")) {
            name = System.getProperty("user.home") + name.substring(1);
        }
        // mem:, tcp:, nio:, zip: … (a Windows drive letter is one character before its colon).
        int colon = name.indexOf(':');
        if (name.isEmpty() || colon > 1) {
            return null;
        }
        return Path.of(name + ".mv.db");
    }
}
