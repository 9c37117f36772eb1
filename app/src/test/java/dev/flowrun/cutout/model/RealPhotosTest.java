package dev.flowrun.cutout.model;

import static dev.flowrun.cutout.model.ModelSettingsTest.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The ISNet model through the service, on real photographs from Debian packages: a run with method model over a
 * file server serving them, each output checked at its hand-checked points. The service's remover is the tests'
 * {@link CachingModelRemover}: the model's answer to a photograph another model test of this JVM already cut out is
 * not inferred again (everything after the inference is the service's own code). The service loading the model
 * from {@code FLOWRUN_BG_MODEL} is ModelSettingsTest's.
 */
class RealPhotosTest {
    /** Generous: a loaded 2-core CI machine may take tens of seconds per photo. */
    private static final Duration RUN_DEADLINE = Duration.ofMinutes(20);
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of(),
            NodeCatalogue.standard(CachingModelRemover.oneLook()));
    static FileServer files;

    @BeforeAll
    static void start() throws Exception {
        files = new FileServer();
        for (HandChecked photo : HandChecked.PHOTOS) {
            files.serve("/" + photo.fileName(), Files.readAllBytes(Photos.get(photo.source(), photo.name())));
        }
    }

    @AfterAll
    static void stop() {
        if (files != null) {
            files.close();
        }
    }

    private static JsonNode run(String removeBackgroundData, List<HandChecked> photos) {
        Reply saved = app.post("/workflows", workflow(removeBackgroundData));
        assertThat(saved.status()).as(saved.toString()).isEqualTo(201);
        List<String> urls = photos.stream().map(p -> "{\"url\": \"" + files.url("/" + p.fileName()) + "\"}").toList();
        Reply created = app.post("/workflows/" + saved.json().path("id").asLong() + "/runs",
                "{\"inputs\": {\"imageInput\": {\"files\": [" + String.join(",", urls) + "]}}}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long runId = created.json().path("id").asLong();
        return Await.until("run " + runId + " to finish", RUN_DEADLINE,
                () -> app.get("/workflows/runs/" + runId + "?pageSize=100").json(),
                run -> List.of("completed", "partial", "failed", "cancelled").contains(run.path("status").asText()));
    }

    private static BufferedImage output(JsonNode item) {
        return Images.decode(app.fetch(item.path("outputs").get(0).path("url").asText()).bytes());
    }

    @Test
    void everyPhotoIsCutOutWithItsSubjectOpaqueAndItsBackgroundTransparent() throws Exception {
        JsonNode run = run("{\"method\": \"model\"}", HandChecked.PHOTOS);
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        List<String> misses = new ArrayList<>();
        JsonNode items = run.path("items");
        for (int i = 0; i < HandChecked.PHOTOS.size(); i++) {
            HandChecked photo = HandChecked.PHOTOS.get(i);
            BufferedImage input = Images.decode(Files.readAllBytes(Photos.get(photo.source(), photo.name())));
            BufferedImage cut = output(items.get(i));
            assertThat(cut.getWidth()).isEqualTo(input.getWidth());
            assertThat(cut.getHeight()).isEqualTo(input.getHeight());
            assertThat(cut.getColorModel().hasAlpha()).isTrue();
            misses.addAll(photo.misses(cut));
        }
        assertThat(misses).isEmpty();
    }

    @Test
    void autoUsesTheModelWhileClassicKeepsTheClassicAlgorithm() {
        // A footballer before a crowd: the two methods cut it differently.
        HandChecked messi = HandChecked.PHOTOS.stream().filter(p -> p.name().contains("messi")).findFirst()
                .orElseThrow();
        BufferedImage auto = output(run("{}", List.of(messi)).path("items").get(0));
        assertThat(messi.misses(auto)).isEmpty();
        BufferedImage classic = output(run("{\"method\": \"classic\"}", List.of(messi)).path("items").get(0));
        long differ = 0;
        for (int y = 0; y < auto.getHeight(); y++) {
            for (int x = 0; x < auto.getWidth(); x++) {
                differ += Math.abs((auto.getRGB(x, y) >>> 24) - (classic.getRGB(x, y) >>> 24)) > 128 ? 1 : 0;
            }
        }
        assertThat((double) differ / (auto.getWidth() * auto.getHeight())).as("share cut differently")
                .isGreaterThan(0.01);
    }
}
