package dev.flowrun.run;

import static dev.flowrun.run.ZipRuns.awaitTerminal;
import static dev.flowrun.run.ZipRuns.fileNames;
import static dev.flowrun.run.ZipRuns.items;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Zip runs: entry paths never write outside the run's folder; links are not followed; names never collide. */
class ZipRunSafetyTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer();

    @Test
    void climbingEntryPathsInEitherSlashStyleWriteNothingOutsideTheRunsFolder() throws IOException {
        String marker = "slip-" + UUID.randomUUID();
        String up = "../".repeat(12);
        byte[] zip = Zips.builder()
                .add(up + marker + "-fwd.png", Zips.png(1))
                .add(up.replace('/', '\\') + marker + "-back.png", Zips.png(2))
                .add("/" + marker + "-abs.png", Zips.png(3))
                .add("C:\\" + marker + "-drive.png", Zips.png(4))
                .add("shoes/../../../" + marker + "-mid.png", Zips.png(5))
                .add("shoes\\..\\..\\" + marker + "-mixed/x.png", Zips.png(6))
                .build();
        files.serve("/slip.zip", zip);
        long runId = ZipRuns.create(app, files.url("/slip.zip"), null).path("id").asLong();
        JsonNode done = awaitTerminal(app, runId);

        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        List<JsonNode> items = items(app, runId);
        assertThat(fileNames(items)).containsExactly(marker + "-fwd.png", marker + "-back.png", marker + "-abs.png",
                marker + "-drive.png", "shoes/" + marker + "-mid.png", "shoes/" + marker + "-mixed/x.png");
        for (JsonNode item : items) {
            assertThat(item.path("uploadInputs").path("in").path("key").asText()).startsWith("runs/" + runId + "/in/");
        }
        Path inputs = ZipRuns.runFolder(app, runId).resolve("in");
        // Wherever a careless join of the entry path could have landed: every ancestor, up to the file system root.
        for (Path dir = inputs.getParent(); dir != null; dir = dir.getParent()) {
            assertThat(namesStartingWith(dir, marker)).as("files written in " + dir).isEmpty();
        }
        Path runFolder = ZipRuns.runFolder(app, runId);
        assertThat(ZipRuns.regularFiles(app.dataDir()).stream().filter(p -> p.getFileName().toString().startsWith(marker)).toList())
                .as("inputs and outputs, each in a folder of its item's position").hasSize(10)
                .allSatisfy(path -> assertThat(path.startsWith(runFolder)).as(path.toString()).isTrue());
    }

    @Test
    void symbolicLinkEntriesAreNeitherFollowedNorTakenAsImages() {
        byte[] zip = Zips.builder()
                .add("real.png", Zips.png(1))
                .add("to-passwd.png", "../../../../../../etc/passwd".getBytes(StandardCharsets.UTF_8))
                .add("looks-like-an-image.png", Zips.png(2))
                .build();
        zip = Zips.markSymlink(Zips.markSymlink(zip, "to-passwd.png"), "looks-like-an-image.png");
        files.serve("/links.zip", zip);
        long runId = ZipRuns.create(app, files.url("/links.zip"), null).path("id").asLong();
        JsonNode done = awaitTerminal(app, runId);
        assertThat(done.path("totalItems").asInt()).isEqualTo(1);
        assertThat(fileNames(items(app, runId))).containsExactly("real.png");
    }

    @Test
    void entriesWithTheSameNameAreKeptApartAndNoneOverwritesAnother() {
        byte[] first = Zips.png(10);
        byte[] second = Zips.png(11);
        byte[] zip = Zips.builder().add("dup/a.png", first).add("dup/b.png", second).add("DUP/A.PNG", Zips.png(12)).build();
        files.serve("/twice.zip", Zips.rename(zip, "dup/b.png", "dup/a.png"));
        long runId = ZipRuns.create(app, files.url("/twice.zip"), "flatten").path("id").asLong();
        JsonNode done = awaitTerminal(app, runId);
        assertThat(done.path("completedItems").asInt()).isEqualTo(3);
        List<JsonNode> items = items(app, runId);
        assertThat(fileNames(items)).containsExactly("dup/a.png", "dup/a.png", "DUP/A.PNG");
        assertThat(app.fetch(items.get(0).path("uploadInputs").path("in").path("url").asText()).bytes()).isEqualTo(first);
        assertThat(app.fetch(items.get(1).path("uploadInputs").path("in").path("url").asText()).bytes()).isEqualTo(second);
        assertThat(ZipRuns.entryNames(app.fetch(done.path("outputArchiveUrl").asText()).bytes()))
                .containsExactly("a.png", "a-1.png", "A-2.png");
    }

    private static List<String> namesStartingWith(Path dir, String prefix) throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(dir) || !Files.isReadable(dir)) {
            return names;
        }
        try (Stream<Path> list = Files.list(dir)) {
            list.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).forEach(names::add);
        }
        return names;
    }
}
