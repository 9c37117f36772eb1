package dev.flowrun.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.SmallFilesystem;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The data directory (H2 and the file store) on a real 64 MiB file system (room for three noise items and the
 * database's reserve) that the test fills: writes are refused with 507 and leave nothing behind, {@code /health} says
 * {@code disk_full}, items that meet the full disk run again once there is room, and H2, which closes itself on a
 * write it cannot make, works again once space is freed, without a restart.
 */
class DiskFullTest {
    private static final long MIB = 1 << 20;
    @AutoClose
    private final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc())
            .serve("/noise.png", noisePng());
    private SmallFilesystem fs;
    private TestApp app;

    @BeforeEach
    void startOnASmallFilesystem() {
        fs = SmallFilesystem.mount(64);
        app = TestApp.start(Map.of("FLOWRUN_DATA_DIR", fs.dataDir().toString()));
    }

    /** The space freed first, so that the app closes its database as usual; the file system unmounted last. */
    @AfterEach
    void stop() {
        if (app != null) {
            fs.free();
            app.close();
        }
        if (fs != null) {
            fs.close();
        }
    }

    @Test
    void aFullDataDirectoryRefusesNewFilesAndRunsWith507AndKeepsNothing() {
        long workflow = Runs.template(app, "Remove background");
        fs.fill(DiskSpace.RESERVE_BYTES / 2);

        awaitHealth(503, "disk_full");
        assertInsufficientStorage(upload(new FormBody().file("file", "a.png", Images.pngDisc())));
        assertInsufficientStorage(upload("/workflows/" + workflow + "/runs",
                new FormBody().file("file", "a.png", Images.pngDisc())));
        assertInsufficientStorage(app.post("/workflows/" + workflow + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [{\"url\": \"" + files.url("/disc.png") + "\"}]}}}"));
        assertThat(app.get("/workflows/runs").json().path("runs")).as("runs kept").isEmpty();
        assertThat(app.get("/workflows").status()).as("reading goes on").isEqualTo(200);
        assertThat(filesUnder("files")).as("files kept").isEmpty();

        fs.free();

        awaitHealth(200, null);
        long runId = Runs.create(app, workflow, List.of(files.url("/disc.png")));
        assertThat(Runs.awaitEnd(app, runId, Duration.ofSeconds(30)).path("status").asText()).isEqualTo("completed");
    }

    @Test
    void anUploadThatFillsTheDiskHalfWayIs507AndLeavesNothing() {
        fs.fill(DiskSpace.RESERVE_BYTES + 4 * MIB);
        awaitHealth(200, null);

        Reply reply = upload(new FormBody().file("file", "big.png", Images.pngDisc(), 20 * MIB));

        assertInsufficientStorage(reply);
        assertThat(filesUnder("files")).as("files kept").isEmpty();
        awaitHealth(200, null);
        assertThat(upload(new FormBody().file("file", "small.png", Images.pngDisc())).status()).isEqualTo(201);
    }

    @Test
    void theEmbeddedDatabaseClosedByAFullDiskWorksAgainOnceSpaceIsFreed() {
        fs.fill(0);
        // Saving workflows writes to the database only: on a disk with no byte left, H2 closes itself at the first.
        Reply failed = Await.until("a write to fail on the full disk", Duration.ofSeconds(30),
                () -> app.post("/workflows", workflowJson("while full")), reply -> reply.status() != 201);
        assertThat(failed.status()).as(failed.toString()).isIn(503, 507);
        assertThat(app.get("/health").status()).isEqualTo(503);

        fs.free();

        awaitHealth(200, null);
        Reply saved = Await.until("saving to work again", Duration.ofSeconds(10),
                () -> app.post("/workflows", workflowJson("after")), reply -> reply.status() == 201);
        assertThat(app.get("/workflows/" + saved.json().path("id").asLong()).status()).isEqualTo(200);
        long runId = Runs.create(app, Runs.template(app, "Remove background"), List.of(files.url("/disc.png")));
        assertThat(Runs.awaitEnd(app, runId, Duration.ofSeconds(30)).path("status").asText()).isEqualTo("completed");
    }

    @Test
    void itemsThatMeetAFullDiskRunAgainOnceThereIsRoomAndNeverFailForIt() {
        long workflow = Runs.template(app, "Remove background");
        files.hold();
        long runId = Runs.create(app, workflow, List.of(files.heldUrl("/noise.png"), files.heldUrl("/noise.png"),
                files.heldUrl("/noise.png")));
        Await.until("both workers to wait on their download", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
        // Under the reserve, with less room than one image: the downloads fail half-way, the database goes on.
        fs.fill(DiskSpace.RESERVE_BYTES / 4);
        files.release();

        Await.until("the items to be given back and wait", Duration.ofSeconds(20), () -> {
            JsonNode run = Runs.get(app, runId);
            return run.path("items").findValues("status").stream().allMatch(s -> s.asText().equals("queued"));
        });
        JsonNode waiting = Runs.get(app, runId);
        assertThat(waiting.path("status").asText()).isEqualTo("running");
        assertThat(waiting.path("failedItems").asInt()).isZero();

        fs.free();

        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("completedItems").asInt()).isEqualTo(3);
    }

    private void awaitHealth(int status, String reason) {
        Reply health = Await.until("/health " + status + (reason == null ? "" : " " + reason), Duration.ofSeconds(10),
                () -> app.get("/health", null), reply -> reply.status() == status);
        if (reason != null) {
            assertThat(health.json().path("status").asText()).isEqualTo("unavailable");
            assertThat(health.json().path("reason").asText()).isEqualTo(reason);
        }
    }

    private static void assertInsufficientStorage(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(507);
        assertThat(reply.errorCode()).isEqualTo("insufficient_storage");
    }

    private Reply upload(FormBody form) {
        return upload("/uploads", form);
    }

    private Reply upload(String path, FormBody form) {
        return app.call(new Request.Builder().url(app.baseUrl() + path)
                .header("Authorization", "Bearer " + TestApp.API_KEY).post(form.requestBody()).build());
    }

    /** Regular files under the data directory's {@code folder}, hidden ones included. */
    private List<Path> filesUnder(String folder) {
        Path root = fs.dataDir().resolve(folder);
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String workflowJson(String name) {
        return """
                {"name": "%s", "graph": {"nodes": [{"id": "in", "type": "imageInput"}, {"id": "out", "type": "output"}],
                 "edges": [{"source": "in", "target": "out"}]}}""".formatted(name);
    }

    /** About 6 MiB of PNG that does not compress: more than the room the items test leaves. */
    private static byte[] noisePng() {
        var image = new BufferedImage(1400, 1400, BufferedImage.TYPE_INT_RGB);
        var random = new Random(7);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                image.setRGB(x, y, random.nextInt());
            }
        }
        return Images.encode(image, "png");
    }
}
