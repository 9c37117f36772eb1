package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.files.LocalFile;
import dev.flowrun.files.StorageConfig;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.support.S3ProxyServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The object store against a real S3 endpoint (S3Proxy): what every caller of the store relies on. */
class ObjectStoreTest {
    @TempDir Path scratch;
    S3ProxyServer s3 = S3ProxyServer.shared();
    String bucket;
    ObjectStores.Opened opened;
    ObjectStore store;

    @BeforeEach
    void open() {
        bucket = s3.newBucket();
        opened = ObjectStores.open(config(bucket, "pre/fix"), scratch);
        store = opened.store();
    }

    @AfterEach
    void close() {
        opened.close();
    }

    StorageConfig config(String bucket, String prefix) {
        return new StorageConfig(bucket, prefix, s3.endpoint(), "us-east-1", true, S3ProxyServer.ACCESS_KEY,
                S3ProxyServer.SECRET_KEY, null);
    }

    @Test
    void aWrittenFileIsAnObjectUnderThePrefixReadWholeOrByRange() throws IOException {
        store.write("runs/1/out/2/a.png", out -> out.write("0123456789".getBytes()));
        assertThat(s3.keys(bucket)).containsExactly("pre/fix/runs/1/out/2/a.png");
        assertThat(store.exists("runs/1/out/2/a.png")).isTrue();
        assertThat(store.stat("runs/1/out/2/a.png").size()).isEqualTo(10);
        try (InputStream in = store.open("runs/1/out/2/a.png")) {
            assertThat(in.readAllBytes()).asString().isEqualTo("0123456789");
        }
        try (InputStream in = store.open("runs/1/out/2/a.png", 3, 4)) {
            assertThat(in.readAllBytes()).asString().isEqualTo("3456");
        }
        try (LocalFile local = store.local("runs/1/out/2/a.png")) {
            assertThat(Files.readString(local.path())).isEqualTo("0123456789");
            assertThat(local.path()).startsWith(scratch);
        }
        assertThat(scratch).isEmptyDirectory();
    }

    @Test
    void aMissingFileIsNoSuchFileNotAStoreFailure() {
        assertThat(store.exists("runs/1/none.png")).isFalse();
        assertThatThrownBy(() -> store.stat("runs/1/none.png")).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.open("runs/1/none.png")).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.local("runs/1/none.png")).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.link("runs/1/none.png", "runs/2/a.png")).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aLargeFileGoesUpInPartsAndComesBackTheSame() throws IOException {
        byte[] bytes = new byte[ObjectStore.PART_SIZE * 2 + 12345];
        new Random(7).nextBytes(bytes);
        store.write("runs/1/outputs.zip", out -> {
            for (int at = 0; at < bytes.length; at += 100_000) {
                out.write(bytes, at, Math.min(100_000, bytes.length - at));
            }
        });
        assertThat(store.size("runs/1/outputs.zip")).isEqualTo(bytes.length);
        try (InputStream in = store.open("runs/1/outputs.zip")) {
            assertThat(in.readAllBytes()).isEqualTo(bytes);
        }
        try (InputStream in = store.open("runs/1/outputs.zip", ObjectStore.PART_SIZE - 5, 10)) {
            assertThat(in.readAllBytes()).isEqualTo(java.util.Arrays.copyOfRange(bytes, ObjectStore.PART_SIZE - 5,
                    ObjectStore.PART_SIZE + 5));
        }
        assertThat(s3.client().listMultipartUploads(b -> b.bucket(bucket)).uploads()).isEmpty();
    }

    @Test
    void aWriterThatFailsLeavesNoObjectNorUploadBehindAndKeepsTheOldOne() throws IOException {
        store.write("runs/1/a.png", out -> out.write(1));
        for (int size : new int[] {10, ObjectStore.PART_SIZE + 10}) {
            assertThatThrownBy(() -> store.write("runs/1/a.png", out -> {
                out.write(new byte[size]);
                throw new IOException("the writer failed");
            })).hasMessage("the writer failed");
        }
        assertThat(store.size("runs/1/a.png")).as("the file as it was").isEqualTo(1);
        assertThat(s3.keys(bucket)).containsExactly("pre/fix/runs/1/a.png");
        assertThat(s3.client().listMultipartUploads(b -> b.bucket(bucket)).uploads()).as("parts kept aside").isEmpty();
    }

    @Test
    void linkCopiesOnTheServerAndDeleteTreeRemovesAFolderOnly() throws IOException {
        store.write("uploads/1/a.png", out -> out.write(new byte[] {1, 2, 3}));
        store.link("uploads/1/a.png", "runs/1/in/0/in/a.png");
        store.write("runs/1/out/5/b.png", out -> out.write(4));
        store.write("runs/10/keep.png", out -> out.write(5));
        store.deleteTree("uploads/1");
        try (InputStream in = store.open("runs/1/in/0/in/a.png")) {
            assertThat(in.readAllBytes()).containsExactly(1, 2, 3);
        }
        assertThat(store.children("runs")).containsExactlyInAnyOrder("1", "10");
        assertThat(store.children("runs/1")).containsExactlyInAnyOrder("in", "out");
        assertThat(store.newest("runs/1")).isNotNull();
        assertThat(store.newest("nothing/here")).isNull();
        store.deleteTree("runs/1");
        assertThat(s3.keys(bucket)).containsExactly("pre/fix/runs/10/keep.png");
        assertThat(store.children("runs/1")).isEmpty();
    }

    @Test
    void anUploadACrashLeftIsAbortedByAge() throws IOException {
        String id = s3.client().createMultipartUpload(b -> b.bucket(bucket).key("pre/fix/runs/3/half.zip")).uploadId();
        assertThat(store.dropUnfinishedWrites(java.time.Instant.now().minusSeconds(3600))).isZero();
        assertThat(store.dropUnfinishedWrites(java.time.Instant.now().plusSeconds(60))).isEqualTo(1);
        assertThat(s3.client().listMultipartUploads(b -> b.bucket(bucket)).uploads())
                .noneMatch(u -> u.uploadId().equals(id));
    }

    @Test
    void aStoppedStoreIsStorageUnavailableWithinSeconds() throws IOException {
        S3ProxyServer own = S3ProxyServer.startNew();
        try (var mine = ObjectStores.open(new StorageConfig(own.newBucket(), "", own.endpoint(), "us-east-1", true,
                S3ProxyServer.ACCESS_KEY, S3ProxyServer.SECRET_KEY, null), scratch)) {
            mine.store().write("a.png", out -> out.write(1));
            own.stop();
            long started = System.nanoTime();
            assertThatThrownBy(() -> mine.store().stat("a.png")).isInstanceOf(StorageUnavailable.class);
            assertThatThrownBy(() -> mine.store().write("b.png", out -> out.write(1)))
                    .isInstanceOf(StorageUnavailable.class);
            assertThatThrownBy(() -> mine.store().check()).isInstanceOf(StorageUnavailable.class);
            assertThat(System.nanoTime() - started).as("three calls, retries included").isLessThan(15_000_000_000L);
            own.start();
            assertThat(mine.store().size("a.png")).as("back by itself").isEqualTo(1);
        } finally {
            own.close();
        }
    }
}
