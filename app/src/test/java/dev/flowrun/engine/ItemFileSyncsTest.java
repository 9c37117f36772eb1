package dev.flowrun.engine;

import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ItemFileSyncsTest {
    @TempDir Path dir;

    @Test
    void waitsForEveryFileItWasGiven() throws IOException {
        DirectoryStore store = new DirectoryStore(dir);
        var syncs = new ItemFileSyncs(store);
        for (String key : new String[] {"runs/1/in/0/in/a.jpg", "runs/1/out/7/out/a.png", "runs/1/out/7/out2/a.png"}) {
            store.writeUnsynced(key, out -> out.write(key.getBytes(StandardCharsets.UTF_8)));
            syncs.add(key);
        }
        syncs.await();
        assertThat(Files.readString(store.path("runs/1/out/7/out2/a.png"))).isEqualTo("runs/1/out/7/out2/a.png");
    }

    @Test
    void aFileThatCannotBeSyncedFailsTheWait() throws IOException {
        DirectoryStore store = new DirectoryStore(dir);
        var syncs = new ItemFileSyncs(store);
        store.writeUnsynced("runs/1/out/7/out/a.png", out -> out.write(1));
        syncs.add("runs/1/out/7/out/a.png");
        syncs.add("runs/1/out/7/out/gone.png"); // never written: nothing to sync
        assertThatThrownBy(syncs::await).isInstanceOf(NoSuchFileException.class).hasMessageContaining("gone.png");
    }
}
