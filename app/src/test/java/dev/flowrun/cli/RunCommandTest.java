package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.files.FileLayout;
import dev.flowrun.support.Await;
import dev.flowrun.support.Dwebp;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar flowrun.jar run …} as a process, on a folder of real photographs, its output piped to files. */
class RunCommandTest {
    private static final Duration LONG = Duration.ofMinutes(3);
    @TempDir
    Path dir;
    Path photos;
    Path dataDir;
    Map<String, String> env;

    @BeforeEach
    void folder() throws IOException {
        photos = Files.createDirectories(dir.resolve("photos"));
        Files.createDirectories(photos.resolve("garden"));
        copy("data/fruits.jpg", photos.resolve("fruits.jpg"));
        copy("data/squirrel_cls.jpg", photos.resolve("garden/squirrel.jpg"));
        try (var zip = new ZipOutputStream(Files.newOutputStream(photos.resolve("more.zip")))) {
            zip.putNextEntry(new ZipEntry("left11.jpg"));
            Files.copy(Photos.get(Source.OPENCV, "data/left11.jpg"), zip);
            zip.putNextEntry(new ZipEntry("readme.txt"));
            zip.write("not an image".getBytes());
        }
        Files.writeString(photos.resolve("notes.txt"), "not an image either");
        // A JPEG by its first bytes, and nothing after: the service fails it.
        try (OutputStream broken = Files.newOutputStream(photos.resolve("garden/broken.jpg"))) {
            broken.write(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 16, 'J', 'F', 'I', 'F'});
        }
        dataDir = dir.resolve("data");
        env = Map.of("FLOWRUN_DATA_DIR", dataDir.toString(), "FLOWRUN_API_KEY", TestApp.API_KEY);
    }

    private static void copy(String name, Path to) throws IOException {
        Files.copy(Photos.get(Source.OPENCV, name), to);
    }

    MainProcess runCommand(String... args) {
        return MainProcess.command(env, Stream.concat(Stream.of("run"), Stream.of(args)).toArray(String[]::new));
    }

    TestApp serviceOnTheDataDirectory() {
        return TestApp.start(Map.of("FLOWRUN_DATA_DIR", dataDir.toString(), "FLOWRUN_DB_URL",
                "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("flowrun") + ";DB_CLOSE_ON_EXIT=FALSE"));
    }

    @Test
    void aFolderRunsOnThisMachineIntoAMirroredFolderThenSkipsWhatIsDoneThenGoesThroughTheService() throws Exception {
        Path out = dir.resolve("out");
        MainProcess first = runCommand("Remove background", photos.toString(), "--out", out.toString());
        assertThat(first.awaitExit(LONG)).as(first.stdout() + first.stderr()).isEqualTo(1);
        assertThat(out.resolve("fruits.png")).isRegularFile();
        assertThat(out.resolve("garden/squirrel.png")).isRegularFile();
        assertThat(out.resolve("more/left11.png")).isRegularFile();
        assertThat(out.resolve("garden/broken.png")).doesNotExist();
        List<String> lines = first.stdout().lines().toList();
        assertThat(lines).anyMatch(line -> line.startsWith("failed  garden/broken.jpg: ")
                && (line.contains("unsupported_media") || line.contains("node_failed")));
        assertThat(lines).anyMatch(line -> line.equals("completed  garden/squirrel.jpg"));
        assertThat(lines.get(0)).contains("sending 4 image(s)").contains("2 file(s) left out, not images");
        assertThat(lines.get(lines.size() - 1)).contains("3 completed, 1 failed").contains("outputs in " + out);
        assertThat(first.stdout()).doesNotContain("INFO");
        assertThat(dataDir.resolve("files").resolve(FileLayout.outputArchive(1)))
                .as("the command wrote the outputs out one by one: no zip of them built on the way out").doesNotExist();

        MainProcess again = runCommand("Remove background", photos.toString(), "--out", out.toString(),
                "--skip-existing", "--quiet", "--priority", "low");
        assertThat(again.awaitExit(LONG)).isEqualTo(1);
        assertThat(again.stdout()).contains("0 completed, 1 failed").doesNotContain("completed  ");

        try (TestApp service = serviceOnTheDataDirectory()) {
            JsonNode runs = service.get("/workflows/runs").json().path("items");
            assertThat(runs).hasSize(2);
            assertThat(runs.get(0).path("trigger").asText()).isEqualTo("cli");
            assertThat(runs.get(1).path("totalItems").asInt()).isEqualTo(4);
            Reply archive = service.fetch(service.get("/workflows/runs/1/download").json().path("archiveUrl").asText());
            assertThat(archive.status()).as("the zip of a command's run, built when first asked for").isEqualTo(200);
            int entries = 0;
            try (var zip = new ZipInputStream(new ByteArrayInputStream(archive.bytes()))) {
                while (zip.getNextEntry() != null) {
                    entries++;
                }
            }
            assertThat(entries).as("its three outputs").isEqualTo(3);
            assertThat(runs.get(0).path("priority").asText()).isEqualTo("low");
            assertThat(runs.get(1).path("priority").asText()).isEqualTo("normal");

            MainProcess busy = runCommand("Remove background", photos.toString(), "--out", out.toString());
            assertThat(busy.awaitExit(LONG)).isEqualTo(2);
            assertThat(busy.stderrLines()).hasSize(1).allMatch(line -> line.contains("--server"));

            // Through the service, a workflow of the service's own writing WebP: a file a browser decodes, its
            // transparency kept.
            TestWorkflow.named("Cut-outs as WebP").input("in").node("cut", "removeBackground", "{}")
                    .output("out", "{\"format\": \"webp\", \"quality\": 80}").chain().create(service);
            Path viaServer = dir.resolve("via-server");
            MainProcess remote = runCommand("Cut-outs as WebP", photos.toString(), "--out", viaServer.toString(),
                    "--layout", "flatten", "--server", service.baseUrl(), "--key", TestApp.API_KEY,
                    "--priority", "high");
            assertThat(remote.awaitExit(LONG)).as(remote.stdout() + remote.stderr()).isEqualTo(1);
            assertThat(viaServer.resolve("left11.webp")).isRegularFile();
            BufferedImage squirrel = Dwebp.decode(Files.readAllBytes(viaServer.resolve("squirrel.webp")));
            int[] alpha = Arrays.stream(squirrel.getRGB(0, 0, squirrel.getWidth(), squirrel.getHeight(), null, 0,
                    squirrel.getWidth())).map(p -> p >>> 24).toArray();
            assertThat(Arrays.stream(alpha).filter(a -> a == 0).count()).as("background made transparent")
                    .isGreaterThan(alpha.length / 20);
            assertThat(Arrays.stream(alpha).filter(a -> a == 255).count()).as("the squirrel opaque")
                    .isGreaterThan(alpha.length / 20);
            JsonNode remoteRun = service.get("/workflows/runs").json().path("items").get(0);
            assertThat(remoteRun.path("trigger").asText()).isEqualTo("api");
            assertThat(remoteRun.path("priority").asText()).isEqualTo("high");

            MainProcess workflows = MainProcess.command(env, "workflows", "--server", service.baseUrl(), "--key",
                    TestApp.API_KEY);
            assertThat(workflows.awaitExit(LONG)).isZero();
            assertThat(workflows.stdout()).contains("Remove background  imageInput → removeBackground → output");
        }
    }

    @Test
    void ctrlCCancelsTheRunAndExitsWith130() throws IOException {
        for (String name : List.of("baboon.jpg", "leuvenA.jpg", "fruits.jpg")) {
            for (int i = 0; i < 3; i++) {
                copy("data/" + name, photos.resolve(i + "-" + name));
            }
        }
        MainProcess run = runCommand("Remove background", photos.toString(), "--out", dir.resolve("out").toString(),
                "--workers", "1");
        Await.until("the first item to end", LONG, () -> run.stdout().contains("completed  "));
        run.interrupt();
        assertThat(run.awaitExit(LONG)).isEqualTo(130);
        assertThat(run.stderr().lines().filter(line -> !line.isBlank()))
                .as("the cancel and nothing else: no item and no error of the engine closing")
                .containsExactly("flowrun: interrupted; run 1 cancelled");
        List<String> lines = run.stdout().lines().toList();
        String summary = lines.get(lines.size() - 1);
        long completed = lines.stream().filter(line -> line.startsWith("completed  ")).count();
        long failed = lines.stream().filter(line -> line.startsWith("failed  ")).count();
        assertThat(summary).startsWith("flowrun: run 1 interrupted: " + completed + " completed, " + failed + " failed");
        try (Stream<Path> written = Files.walk(dir.resolve("out"))) {
            assertThat(written.filter(Files::isRegularFile).filter(path -> !path.endsWith(ReviewList.FILE)))
                    .as("the outputs (the list of those to review aside)").hasSize((int) completed)
                    .noneMatch(path -> path.toString().endsWith(".part"));
        }
        try (TestApp service = serviceOnTheDataDirectory()) {
            assertThat(service.get("/workflows/runs/1").json().path("status").asText()).isEqualTo("cancelled");
        }
    }

    @Test
    void usageErrorsAreOneLineAndExitWith2() {
        MainProcess noSuchPath = runCommand("Remove background", dir.resolve("nowhere").toString());
        assertThat(noSuchPath.awaitExit(LONG)).isEqualTo(2);
        assertThat(noSuchPath.stderr().strip()).isEqualTo("flowrun: no such file or folder: " + dir.resolve("nowhere"));
        MainProcess keyAlone = runCommand("Remove background", photos.toString(), "--key", "k");
        assertThat(keyAlone.awaitExit(LONG)).isEqualTo(2);
        assertThat(keyAlone.stderr().strip()).isEqualTo("flowrun: --key goes with --server URL");
        MainProcess badPriority = runCommand("Remove background", photos.toString(), "--priority", "urgent");
        assertThat(badPriority.awaitExit(LONG)).isEqualTo(2);
        assertThat(badPriority.stderrLines()).hasSize(1).allMatch(line -> line.contains("--priority"));
    }
}
