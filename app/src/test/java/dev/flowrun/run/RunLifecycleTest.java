package dev.flowrun.run;

import static dev.flowrun.support.ApiAssertions.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RunLifecycleTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer().serve("/red.png", Images.pngDisc())
            .serve("/shoes/blue.jpg", Images.jpegDisc());

    @Test
    void removeBackgroundRunCompletesWithTransparentPngOutputs() throws Exception {
        long workflowId = Runs.template(app, "Remove background");
        Reply created = app.post("/workflows/" + workflowId + "/runs", """
                {"inputs": {"imageInput": {"files": [{"url": "%s"}, {"url": "%s", "name": "shoes/blue.jpg"}]}}}"""
                .formatted(files.url("/red.png"), files.url("/shoes/blue.jpg")));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        JsonNode run = created.json();
        assertThat(run.path("status").asText()).isEqualTo("queued");
        assertThat(run.path("totalItems").asInt()).isEqualTo(2);
        assertThat(run.path("completedItems").asInt()).isZero();
        assertThat(run.path("failedItems").asInt()).isZero();
        assertThat(run.path("trigger").asText()).isEqualTo("api");
        assertThat(run.path("workflowId").asLong()).isEqualTo(workflowId);
        assertThat(run.path("workspaceId").isIntegralNumber()).isTrue();
        assertThat(run.path("createdAt").asText()).matches(TIMESTAMP);
        assertThat(run.path("updatedAt").asText()).matches(TIMESTAMP);
        assertThat(run.has("outputArchiveUrl")).isFalse();
        assertThat(java.time.Instant.parse(run.path("createdAt").asText()))
                .as("stored and read back in UTC whatever the JVM's zone")
                .isBetween(java.time.Instant.now().minusSeconds(60), java.time.Instant.now().plusSeconds(1));

        long runId = run.path("id").asLong();
        Runs.awaitEnd(app, runId, Duration.ofSeconds(30));
        JsonNode done = app.get("/workflows/runs/" + runId).json(); // as a client reads it: the default page
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("completedItems").asInt()).isEqualTo(2);
        assertThat(done.path("finishedAt").asText()).matches(TIMESTAMP);
        assertThat(done.path("startedAt").asText()).matches(TIMESTAMP);
        assertThat(done.path("itemsTotal").asInt()).isEqualTo(2);
        assertThat(done.path("page").asInt()).isEqualTo(1);
        assertThat(done.path("pageSize").asInt()).isEqualTo(25);

        JsonNode item = done.path("items").get(0);
        assertThat(item.path("status").asText()).isEqualTo("completed");
        assertThat(item.path("uploadInputs").path("node_1").path("fileName").asText()).isEqualTo("red.png");
        JsonNode output = item.path("outputs").get(0);
        assertThat(output.path("processedNodeChain")).hasToString("[\"imageInput\",\"removeBackground\",\"output\"]");
        Reply png = app.fetch(output.path("url").asText());
        assertThat(png.status()).isEqualTo(200);
        assertThat(png.header("Content-Type")).isEqualTo("image/png");
        assertThat(png.header("Content-Disposition")).contains("red.png");
        BufferedImage image = Images.decode(png.bytes());
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(2, 2) >>> 24).as("corner is background").isLessThan(20);
        assertThat(image.getRGB(60, 45) >>> 24).as("centre is the disc").isEqualTo(255);

        Reply zip = app.fetch(done.path("outputArchiveUrl").asText());
        assertThat(zip.status()).isEqualTo(200);
        assertThat(zip.header("Content-Type")).isEqualTo("application/zip");
        assertThat(entryNames(zip.bytes())).containsExactly("red.png", "shoes/blue.png");
    }

    static List<String> entryNames(byte[] zip) throws Exception {
        List<String> names = new ArrayList<>();
        try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                names.add(entry.getName());
            }
        }
        return names;
    }
}
