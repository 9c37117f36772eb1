package dev.flowrun.files;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OutputArchiveTest {
    @TempDir Path dir;

    @Test
    void buildsStoredZipWithExactNamesAndBytes() throws IOException {
        DirectoryStore store = new DirectoryStore(dir.resolve("data"));
        byte[] red = randomBytes(1, 150_000);
        byte[] blue = "blue".getBytes(StandardCharsets.UTF_8);
        store.copy("runs/1/items/1/out/red.png", new ByteArrayInputStream(red));
        store.copy("runs/1/items/2/out/blue.png", new ByteArrayInputStream(blue));
        store.copy("runs/1/items/3/out/empty.png", InputStream.nullInputStream());

        List<ArchiveEntry> entries = List.of(
                new ArchiveEntry("shoes/red.png", "runs/1/items/1/out/red.png"),
                new ArchiveEntry("Grüße 照片.png", "runs/1/items/2/out/blue.png"),
                new ArchiveEntry("empty.png", "runs/1/items/3/out/empty.png"));
        int written = new OutputArchive(store).build(entries, "runs/1/outputs.zip");

        assertThat(written).isEqualTo(3);
        try (ZipFile zip = new ZipFile(store.path("runs/1/outputs.zip").toFile(), StandardCharsets.UTF_8)) {
            assertThat(Collections.list(zip.entries())).extracting(ZipEntry::getName)
                    .containsExactly("shoes/red.png", "Grüße 照片.png", "empty.png");
            for (ZipEntry entry : Collections.list(zip.entries())) {
                assertThat(entry.getMethod()).isEqualTo(ZipEntry.STORED);
            }
            assertThat(contents(zip, "shoes/red.png")).isEqualTo(red);
            assertThat(contents(zip, "Grüße 照片.png")).isEqualTo(blue);
            assertThat(contents(zip, "empty.png")).isEmpty();
        }
        // Only the committed archive next to the run folders, no temp left behind.
        try (var files = Files.list(store.path("runs/1"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("items", "outputs.zip");
        }
    }

    @Test
    void reproducibleAndWithoutDataDescriptors() throws IOException {
        DirectoryStore store = new DirectoryStore(dir.resolve("data"));
        store.copy("a.png", new ByteArrayInputStream(randomBytes(2, 10_000)));
        List<ArchiveEntry> entries = List.of(new ArchiveEntry("a.png", "a.png"));
        OutputArchive archive = new OutputArchive(store);

        ByteArrayOutputStream first = new ByteArrayOutputStream();
        archive.write(entries, first);
        Files.setLastModifiedTime(store.path("a.png"), FileTime.fromMillis(0));
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        archive.write(entries, second);
        assertThat(second.toByteArray()).isEqualTo(first.toByteArray());

        byte[] zip = first.toByteArray();
        assertThat(Arrays.copyOf(zip, 4)).containsExactly('P', 'K', 3, 4);
        int flags = (zip[6] & 0xff) | (zip[7] & 0xff) << 8;
        assertThat(flags & 0x08).as("data descriptor flag").isZero();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry = in.getNextEntry();
            assertThat(entry.getTimeLocal()).isEqualTo(LocalDateTime.of(2000, 1, 1, 0, 0));
            assertThat(entry.getSize()).isEqualTo(10_000); // known from the local header, before reading data
        }
    }

    @Test
    void filesAroundTheBufferSizeAreStoredWhole() throws IOException {
        // Files smaller than the 64 KiB buffer are read once, the others twice: the zip is the same either way.
        DirectoryStore store = new DirectoryStore(dir.resolve("data"));
        int[] sizes = {65_535, 65_536, 65_537};
        List<ArchiveEntry> entries = new ArrayList<>();
        for (int size : sizes) {
            store.copy("out/" + size, new ByteArrayInputStream(randomBytes(size, size)));
            entries.add(new ArchiveEntry(size + ".png", "out/" + size));
        }
        assertThat(new OutputArchive(store).build(entries, "sizes.zip")).isEqualTo(3);
        try (ZipFile zip = new ZipFile(store.path("sizes.zip").toFile())) {
            for (int size : sizes) {
                assertThat(contents(zip, size + ".png")).isEqualTo(randomBytes(size, size));
                assertThat(zip.getEntry(size + ".png").getSize()).isEqualTo(size);
            }
        }
    }

    @Test
    void aMissingFileFailsTheArchiveNamingItAndNothingIsStored() throws IOException {
        DirectoryStore store = new DirectoryStore(dir.resolve("data"));
        store.copy("runs/1/items/1/out/red.png", new ByteArrayInputStream(randomBytes(1, 100)));
        store.copy("runs/1/items/3/out/big.png", new ByteArrayInputStream(randomBytes(3, 200_000)));
        OutputArchive archive = new OutputArchive(store);
        for (String missing : List.of("runs/1/items/2/out/gone.png", "runs/1/items/3/out/big.png")) {
            List<ArchiveEntry> entries = List.of(new ArchiveEntry("red.png", "runs/1/items/1/out/red.png"),
                    new ArchiveEntry("gone.png", "runs/1/items/2/out/gone.png"),
                    new ArchiveEntry("big.png", "runs/1/items/3/out/big.png"));
            if (missing.endsWith("big.png")) {
                store.copy("runs/1/items/2/out/gone.png", new ByteArrayInputStream(randomBytes(2, 10)));
                store.delete(missing);
            }
            assertThatThrownBy(() -> archive.build(entries, "runs/1/outputs.zip"))
                    .isInstanceOf(MissingStoredFile.class).hasMessageContaining(missing)
                    .extracting(e -> ((MissingStoredFile) e).key()).isEqualTo(missing);
            assertThat(store.exists("runs/1/outputs.zip")).isFalse();
        }
        assertThatThrownBy(() -> archive.build(List.of(new ArchiveEntry("x.png", "missing.png")), "empty.zip"))
                .isInstanceOf(MissingStoredFile.class);
        assertThat(store.exists("empty.zip")).as("never an empty zip as if complete").isFalse();
    }

    @Test
    void writeLeavesTheCallersStreamOpen() throws IOException {
        DirectoryStore store = new DirectoryStore(dir.resolve("data"));
        store.copy("a.png", new ByteArrayInputStream(new byte[] {1, 2, 3}));
        ClosingTracker out = new ClosingTracker();
        new OutputArchive(store).write(List.of(new ArchiveEntry("a.png", "a.png")), out);
        assertThat(out.closed).isFalse();
        assertThat(out.size()).isPositive();
    }

    private static byte[] contents(ZipFile zip, String name) throws IOException {
        try (InputStream in = zip.getInputStream(zip.getEntry(name))) {
            return in.readAllBytes();
        }
    }

    private static byte[] randomBytes(long seed, int size) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static final class ClosingTracker extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }
}
