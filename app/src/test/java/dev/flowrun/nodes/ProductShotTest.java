package dev.flowrun.nodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.cutout.model.CachingModelRemover;
import dev.flowrun.cutout.model.HandChecked;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.support.Argb;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The "Product shot" template and {@code result: mask} on real photographs, with the segmentation model, through
 * the service (docs/nodes.md): a small subject fills the square inside the 5% margin, a bust cut at the chest stands
 * on the canvas's bottom edge, and the mask is the cut-out's matte. The model's answers are the tests' shared ones
 * ({@link CachingModelRemover}): these photographs are cut out by other model tests of the build too.
 */
class ProductShotTest {
    static final int MARGIN = 51; // 5% of 1024
    static TestApp app;
    static FileServer files;

    @BeforeAll
    static void start() {
        app = TestApp.start(Map.of(), NodeCatalogue.standard(CachingModelRemover.oneLook()));
        files = new FileServer()
                .serve("/squirrel.jpg", photo(Source.OPENCV, "data/squirrel_cls.jpg"))
                .serve("/grace_hopper.jpg", photo(Source.MATPLOTLIB, "grace_hopper.jpg"))
                .serve("/coffee.png", photo(Source.SKIMAGE, "coffee.png"));
    }

    @AfterAll
    static void stop() {
        files.close();
        app.close();
    }

    static byte[] photo(Source source, String name) {
        try {
            return Files.readAllBytes(Photos.get(source, name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode run(long workflowId, String... paths) {
        long run = Runs.create(app, workflowId, java.util.Arrays.stream(paths).map(files::url).toList());
        JsonNode done = Runs.awaitEnd(app, run, Duration.ofMinutes(5));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        return done;
    }

    static BufferedImage output(JsonNode item, int index) {
        return Images.decode(app.fetch(item.path("outputs").get(index).path("url").asText()).bytes());
    }

    /** Bounds {x0, y0, x1, y1} (inclusive) of the pixels that are not the white canvas (JPEG noise allowed). */
    static int[] subjectBox(BufferedImage image) {
        return Argb.bounds(image, p -> Math.min(p >> 16 & 0xFF, Math.min(p >> 8 & 0xFF, p & 0xFF)) < 215);
    }

    @Test
    void aSmallSubjectFillsTheSquareInsideTheMarginAndABustStandsOnTheBottomEdge() {
        Map<String, JsonNode> items = Runs.itemsByName(run(Runs.template(app, "Product shot"), "/squirrel.jpg",
                "/grace_hopper.jpg"));

        BufferedImage squirrel = output(items.get("squirrel.jpg"), 0);
        assertThat(squirrel.getWidth()).isEqualTo(1024);
        assertThat(squirrel.getHeight()).isEqualTo(1024);
        int[] small = subjectBox(squirrel);
        int width = small[2] - small[0] + 1;
        int height = small[3] - small[1] + 1;
        // The squirrel is some 280 px in its photo. trim keeps the cut-out's faint fringe (alpha above 8), which shows
        // as near white here: the visible subject may end a few pixels inside the margin.
        assertThat(Math.max(width, height)).as("scaled up to the margin: " + List.of(small[0], small[1], small[2],
                small[3])).isGreaterThan(1024 - 2 * MARGIN - 40);
        assertThat(small[0]).as("left margin").isGreaterThanOrEqualTo(MARGIN - 4);
        assertThat(small[1]).as("top margin").isGreaterThanOrEqualTo(MARGIN - 4);
        assertThat(small[2]).as("right margin").isLessThanOrEqualTo(1023 - MARGIN + 4);
        assertThat(small[3]).as("bottom margin").isLessThanOrEqualTo(1023 - MARGIN + 4);

        BufferedImage bust = output(items.get("grace_hopper.jpg"), 0);
        int[] box = subjectBox(bust);
        assertThat(box[3]).as("stands on the bottom edge").isEqualTo(1023);
        assertThat(box[1]).as("the margin kept at the top").isGreaterThanOrEqualTo(MARGIN - 4);
        long onTheEdge = 0;
        for (int x = 0; x < 1024; x++) {
            int p = bust.getRGB(x, 1020);
            onTheEdge += Math.min(p >> 16 & 0xFF, Math.min(p >> 8 & 0xFF, p & 0xFF)) < 215 ? 1 : 0;
        }
        assertThat(onTheEdge).as("the chest along the bottom rows").isGreaterThan(300);
        // Her shoulder meets the photo's right edge: a side the photo cut stands flush on that side of the canvas.
        assertThat(box[2]).as("her right shoulder, cut by the photo's right edge, on the canvas's right edge")
                .isEqualTo(1023);
    }

    @Test
    void theMaskIsTheCutOutsMatteAsAnOpaqueGrayImageAndTheNodeStateSaysTheModelRan() {
        Reply created = app.post("/workflows", """
                {"name": "mask and cut-out", "graph": {"nodes": [{"id": "in", "type": "imageInput"},
                  {"id": "cut", "type": "removeBackground"}, {"id": "cut_out", "type": "output"},
                  {"id": "matte", "type": "removeBackground", "data": {"result": "mask"}},
                  {"id": "matte_out", "type": "output", "data": {"label": "mask"}}],
                 "edges": [{"source": "in", "target": "cut"}, {"source": "cut", "target": "cut_out"},
                           {"source": "in", "target": "matte"}, {"source": "matte", "target": "matte_out"}]}}""");
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode done = run(created.json().path("id").asLong(), "/coffee.png");
        JsonNode item = done.path("items").get(0);
        BufferedImage cut = output(item, 0);
        BufferedImage mask = output(item, 1);
        byte[] maskFile = app.fetch(item.path("outputs").get(1).path("url").asText()).bytes();
        assertThat(maskFile[25]).as("a gray PNG (IHDR colour type 0)").isEqualTo((byte) 0);
        assertThat(mask.getColorModel().hasAlpha()).as("opaque").isFalse();
        assertThat(mask.getWidth()).isEqualTo(cut.getWidth());
        long grays = 0;
        for (int y = 0; y < mask.getHeight(); y++) {
            for (int x = 0; x < mask.getWidth(); x++) {
                int m = mask.getRGB(x, y);
                int v = m & 0xFF;
                assertThat(m >> 16 & 0xFF).isEqualTo(v);
                assertThat(m >> 8 & 0xFF).isEqualTo(v);
                assertThat(v).as("the cut-out's alpha at %d,%d", x, y).isEqualTo(cut.getRGB(x, y) >>> 24);
                grays += v > 0 && v < 255 ? 1 : 0;
            }
        }
        assertThat(grays).as("partial alpha at the edge").isPositive();
        HandChecked coffee = HandChecked.PHOTOS.get(0);
        for (double[] point : coffee.subject()) {
            assertThat(mask.getRGB((int) (point[0] * mask.getWidth()), (int) (point[1] * mask.getHeight())) & 0xFF)
                    .as("white on the cup").isGreaterThanOrEqualTo(HandChecked.OPAQUE);
        }
        for (double[] point : coffee.background()) {
            assertThat(mask.getRGB((int) (point[0] * mask.getWidth()), (int) (point[1] * mask.getHeight())) & 0xFF)
                    .as("black on the table").isLessThanOrEqualTo(HandChecked.CLEAR);
        }

        JsonNode states = app.get("/workflows/runs/" + done.path("id").asLong() + "/items/" + item.path("id").asLong())
                .json().path("item").path("nodeStates");
        for (JsonNode state : states) {
            boolean cutOut = state.path("nodeId").asText().equals("cut") || state.path("nodeId").asText().equals("matte");
            assertThat(state.path("method").isNull()).as(state.toString()).isEqualTo(!cutOut);
            if (cutOut) {
                assertThat(state.path("method").asText()).isEqualTo("model");
                assertThat(state.path("confidence").asDouble()).isBetween(0.0, 1.0);
            }
        }
    }
}
