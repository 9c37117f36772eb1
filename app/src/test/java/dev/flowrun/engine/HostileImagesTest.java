package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.BadImages;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.awt.Color;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Image bombs, truncated and corrupt files through the API: each fails only its own item, with the API's
 * code, and the one worker goes on to the next item.
 */
class HostileImagesTest {

    @Test
    void bombsTruncatedAndCorruptImagesFailTheirItemsAndTheWorkerGoesOn() {
        byte[] png = Images.pngDisc();
        byte[] jpeg = Images.jpegDisc();
        byte[] gif = Images.encode(Images.disc(60, 40, Color.WHITE, Color.BLUE), "gif");
        byte[] bmp = Images.encode(Images.disc(60, 40, Color.WHITE, Color.GREEN), "bmp");
        // Claims of 20000×20000 and more: decoding any of them would need gigabytes, 65535² pixels more than
        // an int[] can even hold, so reaching image_too_large shows the header was checked before allocating.
        // (No BMP: it is stored uncompressed, so a BMP that big is gigabytes on the wire, and the JDK's reader
        // refuses one whose header and data sizes disagree before anything else.)
        Map<String, byte[]> bombs = new LinkedHashMap<>();
        bombs.put("bomb-20000.png", BadImages.pngClaiming(20_000, 20_000));
        bombs.put("bomb-65535.png", BadImages.pngClaiming(65_535, 65_535));
        bombs.put("bomb.jpg", BadImages.jpegClaiming(jpeg, 65_000, 65_000));
        bombs.put("bomb.gif", BadImages.gifClaiming(gif, 65_535, 65_535));
        Map<String, byte[]> broken = new LinkedHashMap<>();
        broken.put("half.png", BadImages.truncated(png, 0.5));
        broken.put("half.jpg", BadImages.truncated(jpeg, 0.5));
        broken.put("half.gif", BadImages.truncated(gif, 0.5));
        broken.put("half.bmp", BadImages.truncated(bmp, 0.5));
        broken.put("header-only.png", BadImages.truncated(png, 0.1));
        broken.put("scrambled.png", BadImages.scrambledMiddle(png));
        broken.put("garbage.png", BadImages.signatureThenGarbage(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}));
        broken.put("garbage.jpg", BadImages.signatureThenGarbage(new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff}));
        broken.put("empty.png", new byte[0]);
        broken.put("page.png", "<!doctype html><title>404</title>".getBytes());

        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "1")); FileServer files = new FileServer()) {
            List<String> names = new ArrayList<>();
            bombs.forEach((name, bytes) -> serve(files, names, name, bytes));
            broken.forEach((name, bytes) -> serve(files, names, name, bytes));
            serve(files, names, "good.png", png);
            Map<String, JsonNode> items = runToEnd(app, files, names);

            for (String name : bombs.keySet()) {
                JsonNode error = items.get(name).path("error");
                assertThat(error.path("code").asText()).as(name + ": " + error).isEqualTo("image_too_large");
                assertThat(error.path("message").asText()).as(name).contains("over the limit of 50000000 pixels");
            }
            for (String name : broken.keySet()) {
                JsonNode error = items.get(name).path("error");
                assertThat(error.path("code").asText()).as(name + ": " + error).isEqualTo("unsupported_media");
            }
            assertThat(items.get("good.png").path("status").asText()).as("the item after all of them").isEqualTo("completed");
            assertThat(app.get("/health", null).status()).isEqualTo(200);
        }
    }

    @Test
    void theLimitIsFlowrunMaxPixelsAndAnImageExactlyAtItPasses() {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_MAX_PIXELS", "10800"));
             FileServer files = new FileServer()) {
            List<String> names = new ArrayList<>();
            serve(files, names, "at-limit.png", Images.encode(Images.disc(120, 90, Color.WHITE, Color.RED), "png"));
            serve(files, names, "one-column-over.png", Images.encode(Images.disc(121, 90, Color.WHITE, Color.RED), "png"));
            Map<String, JsonNode> items = runToEnd(app, files, names);
            assertThat(items.get("at-limit.png").path("status").asText()).isEqualTo("completed");
            JsonNode error = items.get("one-column-over.png").path("error");
            assertThat(error.path("code").asText()).isEqualTo("image_too_large");
            assertThat(error.path("message").asText()).contains("121×90 (10890 pixels), over the limit of 10800 pixels");
        }
    }

    private static void serve(FileServer files, List<String> names, String name, byte[] bytes) {
        files.serve("/" + name, bytes);
        names.add(name);
    }

    /** Runs the "Remove background" template over the files, in order; the items by input file name. */
    private static Map<String, JsonNode> runToEnd(TestApp app, FileServer files, List<String> names) {
        long workflowId = -1;
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals("Remove background")) {
                workflowId = workflow.path("id").asLong();
            }
        }
        List<String> entries = names.stream().map(name -> "{\"url\": \"" + files.url("/" + name) + "\"}").toList();
        Reply created = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + String.join(",", entries) + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long runId = created.json().path("id").asLong();
        JsonNode run = Await.until("run " + runId + " to end", Duration.ofSeconds(60),
                () -> app.get("/workflows/runs/" + runId + "?pageSize=100").json(),
                r -> List.of("completed", "partial", "failed").contains(r.path("status").asText()));
        Map<String, JsonNode> byName = new TreeMap<>();
        run.path("items").forEach(item -> byName.put(item.path("uploadInputs").elements().next().path("fileName").asText(), item));
        assertThat(byName.keySet()).containsExactlyInAnyOrderElementsOf(names);
        return byName;
    }
}
