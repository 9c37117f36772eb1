package dev.flowrun.nodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Argb;
import dev.flowrun.support.Dwebp;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Shadows, backgrounds, WebP and the "Product shot with shadow" template through the API, on a real service. */
class FinishingApiTest {
    @AutoClose
    static final FileServer files = new FileServer().serve("/disc.png", Images.pngDisc())
            .serve("/backdrop.png", Images.encode(Argb.filled(30, 20, 0xFF2060C0, false), "png"));
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    /** The run's outputs, one per item, after it completed. */
    private static List<byte[]> outputs(long workflow, int items) {
        List<String> urls = java.util.Collections.nCopies(items, files.url("/disc.png"));
        JsonNode done = Runs.awaitEnd(app, Runs.create(app, workflow, urls), Duration.ofSeconds(60));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        return java.util.stream.StreamSupport.stream(done.path("items").spliterator(), false)
                .map(item -> app.fetch(item.path("outputs").get(0).path("url").asText()).bytes()).toList();
    }

    @Test
    void aDropShadowOnAnImageFetchedOncePerRunComesOutAsWebp() throws Exception {
        long workflow = TestWorkflow.named("finished").input("in")
                .node("cut", "removeBackground", "{\"method\": \"classic\"}")
                .node("shade", "shadow", "{\"type\": \"drop\", \"offsetX\": 6, \"offsetY\": 6, \"blur\": 4}")
                .node("behind", "background", "{\"imageUrl\": \"" + files.url("/backdrop.png") + "\"}")
                .output("out", "{\"format\": \"webp\", \"quality\": 85}").chain().create(app);
        List<byte[]> outputs = outputs(workflow, 3);
        assertThat(files.requests("/backdrop.png")).as("the background fetched once for the run's 3 items")
                .isEqualTo(1);
        for (byte[] webp : outputs) {
            BufferedImage image = Dwebp.decode(webp);
            assertThat(Argb.colourDistance(image.getRGB(1, 1), 0xFF2060C0)).as("the backdrop in the corner")
                    .isLessThanOrEqualTo(8);
            int cx = image.getWidth() / 2;
            int cy = image.getHeight() / 2;
            assertThat(Argb.colourDistance(image.getRGB(cx, cy), 0xFFC81E1E)).as("the red disc, sharp")
                    .isLessThanOrEqualTo(12);
            long shade = java.util.Arrays.stream(Argb.pixels(image))
                    .filter(p -> Argb.blue(p) < 0xC0 - 40 && Argb.red(p) < 0x20).count();
            assertThat(shade).as("the drop shadow darkens the backdrop beside the disc").isGreaterThan(50);
        }
    }

    @Test
    void theProductShotWithShadowTemplateSetsTheSubjectOnAShadeOnWhite() {
        long template = Runs.template(app, "Product shot with shadow");
        BufferedImage shot = Images.decode(outputs(template, 1).get(0));
        assertThat(shot.getWidth()).isEqualTo(1024);
        assertThat(shot.getHeight()).isEqualTo(1024);
        int[] disc = Argb.bounds(shot, p -> Argb.red(p) > 150 && Argb.green(p) < 90);
        int below = shot.getRGB((disc[0] + disc[2]) / 2, disc[3] + 4);
        assertThat(Argb.red(below)).as("a grey shade under the disc's foot").isBetween(120, 235);
        assertThat(Argb.colourDistance(shot.getRGB(20, 20), 0xFFFFFFFF)).as("white elsewhere").isLessThanOrEqualTo(3);
    }

    @Test
    void aBlurredBackgroundAndABadOneAreAnsweredAsTheContractSays() {
        long blurred = TestWorkflow.named("portrait").input("in")
                .node("cut", "removeBackground", "{\"method\": \"classic\"}")
                .node("behind", "background", "{\"blur\": 10}").output("out").chain().create(app);
        BufferedImage image = Images.decode(outputs(blurred, 1).get(0));
        assertThat(image.getColorModel().hasAlpha()).as("opaque").isFalse();
        assertThat(Argb.colourDistance(image.getRGB(2, 2), 0xFFFFFFFF)).as("the photo's white, blurred")
                .isLessThanOrEqualTo(3);
        Reply refused = app.post("/workflows", TestWorkflow.named("two").input("in")
                .node("behind", "background", "{\"color\": \"#FFFFFF\", \"blur\": 3}").output("out").chain().json());
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("error").path("message").asText())
                .contains("behind", "exactly one of color, imageUrl and blur");
        Reply misspelt = app.post("/workflows", TestWorkflow.named("typo").input("in")
                .node("shade", "shadow", "{\"opacty\": 0.3}").output("out").chain().json());
        assertThat(misspelt.json().path("error").path("message").asText()).contains("did you mean 'opacity'?");
    }
}
