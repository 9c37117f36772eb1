package dev.flowrun;

import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.s3.ObjectStores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The files' store and what it holds open (the object store's client), closed last. */
record Storage(FileStore store, AutoCloseable resources) {
    private static final Logger LOG = LoggerFactory.getLogger(Storage.class);

    /** The data directory's {@code files} folder, or the object store {@code FLOWRUN_STORAGE} names. */
    static Storage open(Config config) {
        var files = DataDirectory.prepare(config.dataDir());
        if (!config.storage().objectStore()) {
            return new Storage(new DirectoryStore(files), () -> { });
        }
        var opened = ObjectStores.open(config.storage(), DataDirectory.scratch(config.dataDir()));
        LOG.info("files are stored in {}", config.storage().shown());
        return new Storage(opened.store(), opened);
    }

    void close() {
        try {
            resources.close();
        } catch (Exception e) {
            LOG.warn("closing the file store: {}", e.toString());
        }
    }
}
