package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class archives' folder: one archive per jar, JVM and options, the three used last kept. */
class ClassArchiveTest {
    @TempDir
    Path dir;

    @Test
    void anArchivePerJarJvmAndOptionsAndTheThreeUsedLastKept() throws IOException {
        Path jar = Files.writeString(dir.resolve("flowrun.jar"), "a jar");
        ClassArchive plain = ClassArchive.of(dir, jar, List.of());
        ClassArchive other = ClassArchive.of(dir, jar, List.of("-Xmx2g"));
        assertThat(other.file()).as("options make another archive").isNotEqualTo(plain.file());
        assertThat(ClassArchive.of(dir, jar, List.of()).file()).isEqualTo(plain.file());
        Path cache = dir.resolve("cache");
        long now = System.currentTimeMillis();
        for (int i = 1; i <= 3; i++) { // used 1, 2 and 3 hours ago
            Path old = Files.writeString(cache.resolve("classes-old" + i + ".jsa"), "archive");
            Files.setLastModifiedTime(old, FileTime.fromMillis(now - i * 3_600_000L));
        }
        Files.setLastModifiedTime(Files.writeString(plain.file(), "archive"), FileTime.fromMillis(now - 7_200_000L));
        plain.used();

        other.removeLeastUsed(2); // before the other's archive is made: it makes three

        try (Stream<Path> files = Files.list(cache)) {
            assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder(
                    plain.file().getFileName().toString(), "classes-old1.jsa");
        }
        assertThat(plain.exists()).isTrue();
        assertThat(other.exists()).isFalse();
        Files.writeString(jar, "another jar, longer");
        assertThat(ClassArchive.of(dir, jar, List.of()).file()).as("a new jar makes a new archive")
                .isNotEqualTo(plain.file());
    }
}
