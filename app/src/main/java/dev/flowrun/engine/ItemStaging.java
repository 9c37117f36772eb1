package dev.flowrun.engine;

import dev.flowrun.files.FileLayout;
import dev.flowrun.input.zip.ImageEntry;
import dev.flowrun.input.zip.ImageEntrySink;
import dev.flowrun.input.zip.StopCheck;
import dev.flowrun.lifecycle.IngestTransitions;
import dev.flowrun.lifecycle.StagedItem;
import dev.flowrun.lifecycle.ItemInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;

/**
 * Takes each image of a zip run's archive: writes it under a key derived from its position (never from the
 * entry's path, so nothing lands outside the run's folder and equal names never overwrite each other) and
 * stages its item, {@value #BATCH} rows at a time so memory does not grow with the archive.
 */
final class ItemStaging implements ImageEntrySink {
    static final int BATCH = 500;
    private static final long CHECK_EVERY = 4L << 20;
    private final Jdbi jdbi;
    private final ItemTools tools;
    private final long runId;
    private final String nodeId;
    private final StopCheck stop;
    private final List<StagedItem> batch = new ArrayList<>(BATCH);
    /** One for the whole archive, not one per entry: an archive may hold 10,000 images. */
    private final byte[] buffer = new byte[64 * 1024];

    /** {@code tools}: the store the images are written to, and the views that store their items' inputs. */
    ItemStaging(Jdbi jdbi, ItemTools tools, long runId, String nodeId, StopCheck stop) {
        this.jdbi = jdbi;
        this.tools = tools;
        this.runId = runId;
        this.nodeId = nodeId;
        this.stop = stop;
    }

    @Override
    public void accept(ImageEntry entry, InputStream content) throws IOException {
        String key = FileLayout.input(runId, entry.position(), nodeId, entry.fileName());
        // Synced all together once the archive is read (ZipIngestion), not one by one: that is most of the time.
        tools.store().writeUnsynced(key, out -> copy(content, out));
        batch.add(staged(entry.position(), key, entry.fileName()));
        if (batch.size() >= BATCH) {
            flush();
        }
    }

    /** Stages what is left; called once the whole archive has been read. */
    void flush() throws IOException {
        if (!batch.isEmpty()) {
            List<StagedItem> rows = List.copyOf(batch);
            jdbi.useExtension(IngestTransitions.class, ingest -> ingest.stage(rows));
            batch.clear();
        }
        stop.check();
    }

    /**
     * An archive entry already extracted to {@code key}, as the input of the run's one input node. Its source URL
     * is null: there is nothing to download when the item runs.
     */
    private StagedItem staged(int position, String key, String fileName) {
        String inputs = tools.inputs().json(Map.of(nodeId, new ItemInput(key, fileName, null)));
        return new StagedItem(runId, position, inputs, fileName.toLowerCase(Locale.ROOT));
    }

    /** To the end of the entry, which is when its checksum is verified; a big entry still notices a cancel. */
    private void copy(InputStream in, OutputStream out) throws IOException {
        long sinceCheck = 0;
        for (int n; (n = in.read(buffer)) != -1; ) {
            out.write(buffer, 0, n);
            sinceCheck += n;
            if (sinceCheck >= CHECK_EVERY) {
                stop.check();
                sinceCheck = 0;
            }
        }
    }
}
