package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code ?thumb=256} on a signed file URL: the dashboard's small pictures, made by the service once. */
class ThumbnailUrlTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;
    static JsonNode run;
    static final Map<String, JsonNode> items = new HashMap<>();

    @BeforeAll
    static void start() {
        files = new FileServer()
                .serve("/big.jpg", Images.encode(Images.disc(1024, 768, Color.WHITE, Color.BLUE), "jpg"))
                .serve("/red.png", Images.pngDisc())
                .serve("/notes.png", "these are notes, not a picture".getBytes(StandardCharsets.UTF_8));
        long workflowId = 0;
        for (JsonNode w : app.get("/workflows").json()) {
            if (w.path("name").asText().equals("Remove background")) workflowId = w.path("id").asLong();
        }
        Reply created = app.post("/workflows/" + workflowId + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s"}, {"url": "%s"}]}}}"""
                .formatted(files.url("/big.jpg"), files.url("/red.png"), files.url("/notes.png")));
        long runId = created.json().path("id").asLong();
        run = Await.until("the run to finish", Duration.ofSeconds(60), () -> app.get("/workflows/runs/" + runId).json(),
                r -> List.of("completed", "partial", "failed").contains(r.path("status").asText()));
        run.path("items").forEach(item -> items.put(item.path("uploadInputs").path("node_1").path("fileName").asText(), item));
    }

    private static String input(String name) {
        return items.get(name).path("uploadInputs").path("node_1").path("url").asText();
    }

    @Test
    void aPhotosThumbnailIsASmallJpegUnderTheSameSignature() {
        Reply thumb = app.fetch(input("big.jpg") + "&thumb=256");
        assertThat(thumb.status()).as(thumb.toString()).isEqualTo(200);
        assertThat(thumb.header("Content-Type")).isEqualTo("image/jpeg");
        BufferedImage image = Images.decode(thumb.bytes());
        assertThat(image.getWidth()).isEqualTo(256);
        assertThat(image.getHeight()).isEqualTo(192);
        assertThat(thumb.bytes().length).isLessThan(app.fetch(input("big.jpg")).bytes().length / 4);
    }

    @Test
    void aCutOutsThumbnailKeepsItsTransparencyAndASmallImageIsNotEnlarged() {
        String output = items.get("red.png").path("outputs").get(0).path("url").asText();
        Reply thumb = app.fetch(output + "&thumb=256");
        assertThat(thumb.status()).isEqualTo(200);
        assertThat(thumb.header("Content-Type")).isEqualTo("image/png");
        BufferedImage image = Images.decode(thumb.bytes());
        assertThat(image.getWidth()).isEqualTo(120);
        assertThat(image.getHeight()).isEqualTo(90);
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(0, 0) >>> 24).as("the backdrop stays transparent").isZero();
    }

    @Test
    void aThumbnailIsMadeOnceAndKeptBesideItsFileUntilTheFileChanges() throws Exception {
        String key = items.get("big.jpg").path("uploadInputs").path("node_1").path("key").asText();
        Path source = app.dataDir().resolve("files").resolve(key);
        Path stored = source.resolveSibling(".thumbs").resolve("big.jpg.256.jpg");
        Reply first = app.fetch(input("big.jpg") + "&thumb=256");
        assertThat(stored).exists();
        FileTime made = Files.getLastModifiedTime(stored);
        Reply second = app.fetch(input("big.jpg") + "&thumb=256");
        assertThat(second.header("ETag")).isEqualTo(first.header("ETag"));
        assertThat(Files.getLastModifiedTime(stored)).as("served from the stored thumbnail").isEqualTo(made);

        // A file written again after its thumbnail (an item run again after a restart) gets a new one.
        FileTime older = FileTime.from(Files.getLastModifiedTime(source).toInstant().minusSeconds(3600));
        Files.setLastModifiedTime(stored, older);
        assertThat(app.fetch(input("big.jpg") + "&thumb=256").status()).isEqualTo(200);
        assertThat(Files.getLastModifiedTime(stored)).isGreaterThanOrEqualTo(Files.getLastModifiedTime(source));
    }

    @Test
    void aStoredFileCanNeverRunAsAPageBesideTheDashboard() {
        // notes.png came from someone's URL; the dashboard's key lives in this origin's session storage.
        for (String url : new String[] {input("notes.png"), input("big.jpg") + "&thumb=256"}) {
            Reply reply = app.fetch(url);
            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.header("X-Content-Type-Options")).isEqualTo("nosniff");
            assertThat(reply.header("Content-Security-Policy")).isEqualTo("sandbox");
        }
    }

    @Test
    void aChangedSignatureIsForbiddenWithAThumbnailToo() {
        String url = input("big.jpg");
        String tampered = url.replaceAll("sig=(.)", "sig=" + (url.contains("sig=A") ? "B" : "A"));
        Reply reply = app.fetch(tampered + "&thumb=256");
        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.errorCode()).isEqualTo("forbidden");
    }

    @Test
    void onlyTheOneSizeIsMade() {
        for (String size : new String[] {"999", "0", "", "256px", "-256"}) {
            Reply reply = app.fetch(input("big.jpg") + "&thumb=" + size);
            assertThat(reply.status()).as(size).isEqualTo(400);
            assertThat(reply.errorCode()).isEqualTo("invalid_request");
            assertThat(reply.errorField()).isEqualTo("thumb");
        }
    }

    @Test
    void neitherAnArchiveNorAFileThatIsNoPictureHasAThumbnail() {
        assertThat(run.path("status").asText()).isEqualTo("partial");
        Reply archive = app.fetch(run.path("outputArchiveUrl").asText() + "&thumb=256");
        assertThat(archive.status()).isEqualTo(400);
        assertThat(archive.errorField()).isEqualTo("thumb");

        Reply notes = app.fetch(input("notes.png") + "&thumb=256");
        assertThat(notes.status()).as(notes.toString()).isEqualTo(400);
        assertThat(notes.errorCode()).isEqualTo("invalid_request");
        assertThat(notes.errorField()).isEqualTo("thumb");
    }
}
