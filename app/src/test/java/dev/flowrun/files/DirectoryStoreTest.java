package dev.flowrun.files;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DirectoryStoreTest {
    @TempDir Path dir;

    private DirectoryStore store() {
        return new DirectoryStore(dir.resolve("data"));
    }

    @Test
    void createsRootAndResolvesKeysUnderIt() {
        DirectoryStore store = store();
        assertThat(dir.resolve("data")).isDirectory();
        assertThat(store.path("runs/12/items/345/out/node_3/red.png"))
                .isEqualTo(dir.resolve("data/runs/12/items/345/out/node_3/red.png").toAbsolutePath());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "/etc/passwd", "a//b", "a/./b", "a\\b", "a/../../b", "", "a\0b", ".", "..",
            "a/", "/", "a/..", "line\nbreak"})
    void rejectsUnsafeKeys(String key) {
        DirectoryStore store = store();
        assertThatThrownBy(() -> store.path(key)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsNullKey() {
        assertThatThrownBy(() -> store().path(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writeCommitsAtomicallyOnlyAfterTheWriterReturns() throws IOException {
        DirectoryStore store = store();
        String key = "runs/1/out/red.png";
        store.write(key, out -> {
            out.write("half".getBytes(StandardCharsets.UTF_8));
            out.flush();
            // Mid-write, nothing is visible under the target name, only a hidden temp file.
            assertThat(store.exists(key)).isFalse();
            assertThat(listNames(store.path(key).getParent())).singleElement().asString().startsWith(".red.png.").endsWith(".tmp");
            out.write(" done".getBytes(StandardCharsets.UTF_8));
            out.close(); // closing early is allowed
        });
        assertThat(store.exists(key)).isTrue();
        assertThat(store.size(key)).isEqualTo(9);
        assertThat(read(store, key)).isEqualTo("half done");
        assertThat(listNames(store.path(key).getParent())).containsExactly("red.png");
    }

    @Test
    void failedWriteLeavesNeitherTargetNorTemp() throws IOException {
        DirectoryStore store = store();
        String key = "runs/1/out/red.png";
        assertThatThrownBy(() -> store.write(key, out -> {
            out.write(new byte[1000]);
            throw new IOException("boom");
        })).hasMessage("boom");
        assertThat(store.exists(key)).isFalse();
        assertThat(listNames(store.path(key).getParent())).isEmpty();

        assertThatThrownBy(() -> store.write(key, out -> {
            throw new IllegalStateException("unchecked");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(listNames(store.path(key).getParent())).isEmpty();
    }

    @Test
    void failedOverwriteKeepsThePreviousFile() throws IOException {
        DirectoryStore store = store();
        store.copy("a.txt", new ByteArrayInputStream("old".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> store.write("a.txt", out -> {
            out.write("new".getBytes(StandardCharsets.UTF_8));
            throw new IOException("boom");
        })).isInstanceOf(IOException.class);
        assertThat(read(store, "a.txt")).isEqualTo("old");
        store.copy("a.txt", new ByteArrayInputStream("newer".getBytes(StandardCharsets.UTF_8)));
        assertThat(read(store, "a.txt")).isEqualTo("newer");
    }

    @Test
    void copyReturnsByteCount() throws IOException {
        DirectoryStore store = store();
        byte[] data = new byte[200_000];
        for (int i = 0; i < data.length; i++) data[i] = (byte) i;
        assertThat(store.copy("x/y.bin", new ByteArrayInputStream(data))).isEqualTo(data.length);
        try (InputStream in = store.open("x/y.bin")) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
    }

    @Test
    void missingFiles() throws IOException {
        DirectoryStore store = store();
        assertThat(store.exists("nope.png")).isFalse();
        assertThatThrownBy(() -> store.open("nope.png")).isInstanceOf(NoSuchFileException.class);
        assertThatThrownBy(() -> store.size("nope.png")).isInstanceOf(NoSuchFileException.class);
        store.delete("nope.png");
        store.deleteTree("no/such/dir");
    }

    @Test
    void directoryIsNotAFile() throws IOException {
        DirectoryStore store = store();
        store.copy("runs/1/a.png", InputStream.nullInputStream());
        assertThat(store.exists("runs/1")).isFalse();
        assertThat(store.exists("runs/1/a.png")).isTrue();
    }

    @Test
    void deleteAndDeleteTree() throws IOException {
        DirectoryStore store = store();
        for (String key : new String[] {"runs/1/a.png", "runs/1/items/2/b.png", "runs/1/items/3/c/d.png", "runs/10/keep.png"}) {
            store.copy(key, new ByteArrayInputStream(new byte[] {1, 2, 3}));
        }
        store.delete("runs/1/a.png");
        assertThat(store.exists("runs/1/a.png")).isFalse();

        store.deleteTree("runs/1");
        assertThat(store.path("runs/1")).doesNotExist();
        assertThat(store.exists("runs/10/keep.png")).isTrue();
        store.deleteTree("runs/1");
    }

    static Stream<Arguments> safeSegments() {
        return Stream.of(
                Arguments.of("red.png", "red.png"),
                Arguments.of("My Photo (1).JPG", "My_Photo_1_.JPG"),
                Arguments.of("Ünïcødé 照片.png", "_n_c_d_.png"),
                Arguments.of("..", "_.."),
                Arguments.of(".", "_."),
                Arguments.of(".hidden", "_.hidden"),
                Arguments.of("../../etc/passwd", "_.._.._etc_passwd"),
                Arguments.of("a/b\\c", "a_b_c"),
                Arguments.of("tab\there\u0000nul\r\n", "tab_here_nul_"),
                Arguments.of("🦀🦀.gif", "_.gif"),
                Arguments.of("", "file"),
                Arguments.of("   ", "_"),
                Arguments.of(null, "file"));
    }

    @ParameterizedTest
    @MethodSource
    void safeSegments(String input, String expected) {
        assertThat(FileStore.safeSegment(input)).isEqualTo(expected);
    }

    @Test
    void safeSegmentTruncatesLongNamesKeepingTheExtension() {
        String longName = "x".repeat(500) + ".jpeg";
        String safe = FileStore.safeSegment(longName);
        assertThat(safe).hasSize(120).endsWith("xx.jpeg").startsWith("xxx");

        assertThat(FileStore.safeSegment("y".repeat(500))).isEqualTo("y".repeat(120));
        assertThat(FileStore.safeSegment("."+ "z".repeat(300))).hasSize(120).startsWith("_.zzz");
    }

    @Test
    void safeSegmentIsAlwaysAValidKeySegment() {
        DirectoryStore store = store();
        for (String name : new String[] {"..", ".", "", "/", "\\", "\0", "../..", "a/../b", "é".repeat(400)}) {
            String segment = FileStore.safeSegment(name);
            assertThat(store.path("runs/1/" + segment).getParent()).isEqualTo(store.path("runs/1"));
        }
    }

    private static String read(FileStore store, String key) throws IOException {
        try (InputStream in = store.open(key)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static java.util.List<String> listNames(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    @Test
    void linkGivesASecondNameToTheSameBytesAndOutlivesTheFirst() throws IOException {
        DirectoryStore store = store();
        store.write("uploads/1/a.png", out -> out.write(new byte[] {1, 2, 3}));
        store.write("runs/9/in/0/in/a.png", out -> out.write(new byte[] {9}));
        store.link("uploads/1/a.png", "runs/9/in/0/in/a.png");
        store.link("uploads/1/a.png", "runs/10/in/0/in/a.png");
        store.deleteTree("uploads/1");
        assertThat(Files.readAllBytes(store.path("runs/9/in/0/in/a.png"))).containsExactly(1, 2, 3);
        assertThat(Files.readAllBytes(store.path("runs/10/in/0/in/a.png"))).containsExactly(1, 2, 3);
        try (var left = Files.list(store.path("runs/9/in/0/in"))) {
            assertThat(left).as("no temporary name left beside it").hasSize(1);
        }
        assertThatThrownBy(() -> store.link("uploads/1/a.png", "runs/11/a.png")).isInstanceOf(NoSuchFileException.class);
    }
}
