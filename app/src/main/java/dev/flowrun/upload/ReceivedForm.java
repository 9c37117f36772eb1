package dev.flowrun.upload;

import dev.flowrun.files.FileStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A form as received: its files in a folder of its own under {@code tmp/} in the store (whence they are linked where
 * they stay), its text fields in memory. Closing deletes the folder, so whatever becomes of the request, nothing of
 * it stays there; a folder a crash left behind is removed by the sweeper.
 */
public final class ReceivedForm implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReceivedForm.class);

    /** One file part: its part name, its file name as sent, where it is stored and how big it is. */
    public record File(String part, String name, String key, long size) {
    }

    private final FileStore store;
    private final String folder;
    private final List<File> files = new ArrayList<>();
    private final Map<String, String> texts = new LinkedHashMap<>();
    private String digest;

    ReceivedForm(FileStore store, String folder) {
        this.store = store;
        this.folder = folder;
    }

    String folder() {
        return folder;
    }

    void add(File file) {
        files.add(file);
    }

    void putText(String name, String value) {
        texts.put(name, value);
    }

    void digest(String hex) {
        this.digest = hex;
    }

    public List<File> files() {
        return Collections.unmodifiableList(files);
    }

    /** The text fields by part name, in the order sent. */
    public Map<String, String> texts() {
        return Collections.unmodifiableMap(texts);
    }

    /** {@link FormDigest} of the whole form; null unless it was asked for. */
    public String digest() {
        return digest;
    }

    @Override
    public void close() {
        try {
            store.deleteTree(folder);
        } catch (IOException e) {
            LOG.warn("could not delete the received files in {} (the sweeper will): {}", folder, e.toString());
        }
    }
}
