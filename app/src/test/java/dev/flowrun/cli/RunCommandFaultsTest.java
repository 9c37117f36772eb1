package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Images;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.SmallFilesystem;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run command on a bad day, in one process (each costs a JVM and an engine): inputs it may not read, and an
 * output folder that fills up as it goes.
 */
class RunCommandFaultsTest {
    private static final Duration LONG = Duration.ofMinutes(3);
    private static final Pattern SUMMARY = Pattern.compile("(\\d+) completed, (\\d+) failed");
    @TempDir
    Path dir;

    @Test
    void unreadableInputsAndUnwritableOutputsAreEachOneFailedItemNeverAlsoCompletedAndLeaveNoPartFile()
            throws IOException {
        Path photos = Files.createDirectories(dir.resolve("photos"));
        for (int i = 1; i <= 12; i++) {
            Files.write(photos.resolve("photo-" + i + ".png"), Images.pngDisc());
        }
        Path locked = photos.resolve("photo-5.png");
        Path lockedFolder = Files.createDirectories(photos.resolve("private"));
        Files.write(lockedFolder.resolve("inside.png"), Images.pngDisc());
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(lockedFolder, PosixFilePermissions.fromString("---------"));
        Map<String, String> env = Map.of("FLOWRUN_DATA_DIR", dir.resolve("data").toString(),
                "FLOWRUN_API_KEY", TestApp.API_KEY);
        try (SmallFilesystem fs = SmallFilesystem.mount(1)) {
            Path out = Files.createDirectories(fs.resolve("out"));
            // Room for a few outputs (tmpfs counts whole pages), then the folder is full.
            fs.fill(12 * 1024);

            MainProcess run = MainProcess.commandObeyingPermissions(env, "run", "Remove background",
                    photos.toString(), "--out", out.toString());

            assertThat(run.awaitExit(LONG)).as(run.stdout() + run.stderr()).isEqualTo(1);
            assertThat(run.stderr()).isEmpty();
            List<String> lines = run.stdout().lines().toList();
            List<String> failed = lines.stream().filter(line -> line.startsWith("failed  ")).toList();
            List<String> completed = lines.stream().filter(line -> line.startsWith("completed  ")).toList();
            assertThat(failed).contains(
                    "failed  photo-5.png: unreadable: " + locked + ": permission denied",
                    "failed  private: unreadable: " + lockedFolder + ": permission denied");
            assertThat(failed).filteredOn(line -> !line.contains(": unreadable: ")).isNotEmpty()
                    .allMatch(line -> line.contains(": not_written: ") && line.endsWith("No space left on device"));
            assertThat(Stream.concat(failed.stream(), completed.stream()).map(line -> line.split("  |:")[1]))
                    .as("each input is one line, completed or failed").doesNotHaveDuplicates().hasSize(13);
            Matcher summary = SUMMARY.matcher(lines.get(lines.size() - 1));
            assertThat(summary.find()).as(lines.get(lines.size() - 1)).isTrue();
            assertThat(Integer.parseInt(summary.group(1))).isEqualTo(completed.size());
            assertThat(Integer.parseInt(summary.group(2))).isEqualTo(failed.size());
            try (Stream<Path> files = Files.list(out)) {
                assertThat(files.map(path -> path.getFileName().toString()))
                        .as("the written outputs and nothing else").hasSize(completed.size())
                        .noneMatch(name -> name.endsWith(".part"));
            }
        }
    }
}
