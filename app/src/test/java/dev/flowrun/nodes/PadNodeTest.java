package dev.flowrun.nodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Argb;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code pad}'s margin, scale and position on the pixels of real runs (docs/nodes.md): inputs are transparent PNGs
 * with one red block, standing in for cut-outs; a block that reaches the picture's bottom edge is a subject cut by
 * its photo's frame.
 */
class PadNodeTest {
    static final int RED = 0xFFFF0000;
    static final int WHITE = 0xFFFFFFFF;
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static final FileServer files = new FileServer()
            .serve("/small.png", block(200, 100, 80, 40, 40, 20)) // a whole subject, 40×20, in the middle
            .serve("/bust.png", block(200, 100, 60, 40, 80, 60)) // 80×60, cut by the bottom edge
            .serve("/photo.jpg", Images.jpegDisc()); // 160×120, opaque: no cut-out

    /** A transparent {@code w}×{@code h} picture with an opaque red block at ({@code x}, {@code y}). */
    static byte[] block(int w, int h, int x, int y, int bw, int bh) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        for (int j = y; j < y + bh; j++) {
            for (int i = x; i < x + bw; i++) {
                image.setRGB(i, j, RED);
            }
        }
        return Images.encode(image, "png");
    }

    /** Runs {@code in → [trim →] pad(padData) → png} over one file and gives the output. */
    static BufferedImage padded(String file, boolean trim, String padData) {
        String nodes = (trim ? "{\"id\": \"trim\", \"type\": \"trim\"}," : "")
                + "{\"id\": \"pad\", \"type\": \"pad\", \"data\": " + padData + "}";
        String edges = trim ? "{\"source\": \"in\", \"target\": \"trim\"}, {\"source\": \"trim\", \"target\": \"pad\"}"
                : "{\"source\": \"in\", \"target\": \"pad\"}";
        Reply created = app.post("/workflows", """
                {"name": "pad", "graph": {"nodes": [{"id": "in", "type": "imageInput"}, %s,
                  {"id": "out", "type": "output", "data": {"format": "png"}}],
                 "edges": [%s, {"source": "pad", "target": "out"}]}}""".formatted(nodes, edges));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        long run = Runs.create(app, created.json().path("id").asLong(), List.of(files.url(file)));
        JsonNode done = Runs.awaitEnd(app, run, Duration.ofSeconds(30));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        return Images.decode(app.fetch(done.path("items").get(0).path("outputs").get(0).path("url").asText()).bytes());
    }

    /** The red block's bounds in the output: {x0, y0, x1, y1}, inclusive, counting clearly red pixels. */
    static int[] redBox(BufferedImage image) {
        return Argb.bounds(image, p -> (p >>> 24) > 128 && (p >> 16 & 0xFF) > 200 && (p >> 8 & 0xFF) < 128);
    }

    @Test
    void fitScalesASmallSubjectUpUntilItFillsTheCanvasInsideThePercentMargin() {
        BufferedImage out = padded("/small.png", true,
                "{\"width\": 400, \"height\": 400, \"background\": \"#FFFFFF\", \"margin\": \"10%\", \"scale\": \"fit\"}");
        assertThat(out.getWidth()).isEqualTo(400);
        // 40×20 into 320×320: 320×160, centred
        assertThat(redBox(out)).containsExactly(40, 120, 359, 279);
        assertThat(out.getRGB(38, 200)).isEqualTo(WHITE);
        assertThat(out.getRGB(200, 118)).isEqualTo(WHITE);
    }

    @Test
    void downKeepsASmallSubjectItsSizeAndAPixelMarginOnlyShrinksABigOne() {
        assertThat(redBox(padded("/small.png", true, "{\"width\": 400, \"height\": 400, \"margin\": 10}")))
                .containsExactly(180, 190, 219, 209);
        // 40×20 into 30×30 (50 less 10 on each side): 30×15, centred
        BufferedImage shrunk = padded("/small.png", true, "{\"width\": 50, \"height\": 50, \"margin\": 10}");
        assertThat(redBox(shrunk)).containsExactly(10, 17, 39, 31);
        assertThat(shrunk.getRGB(5, 25) >>> 24).as("transparent canvas").isZero();
    }

    @Test
    void autoStandsASubjectCutByItsPhotosBottomEdgeOnTheCanvasBottomAfterTrim() {
        BufferedImage out = padded("/bust.png", true,
                "{\"width\": 400, \"height\": 400, \"background\": \"#FFFFFF\", \"margin\": \"10%\", \"scale\": \"fit\"}");
        // 80×60 into 320 wide × 360 high (no margin at the bottom): 320×240, on the bottom edge, centred across
        assertThat(redBox(out)).containsExactly(40, 160, 359, 399);
        assertThat(out.getRGB(200, 157)).isEqualTo(WHITE);
    }

    @Test
    void autoReadsTheCutFromThePixelsWithoutTrimToo() {
        // 200×100 into 320 wide × 360 high: 320×160 on the bottom edge, the block 1.6 times its size within it
        int[] box = redBox(padded("/bust.png", false,
                "{\"width\": 400, \"height\": 400, \"margin\": \"10%\", \"scale\": \"fit\", \"position\": \"auto\"}"));
        assertThat(box).containsExactly(40 + 96, 240 + 64, 40 + 96 + 127, 399);
    }

    @Test
    void centerIgnoresTheCutAndBottomStandsAWholeSubjectOnTheEdge() {
        assertThat(redBox(padded("/bust.png", true, "{\"width\": 400, \"height\": 400, \"margin\": \"10%\", "
                + "\"scale\": \"fit\", \"position\": \"center\"}"))).containsExactly(40, 80, 359, 319);
        assertThat(redBox(padded("/small.png", true, "{\"width\": 400, \"height\": 400, \"margin\": 20, "
                + "\"position\": \"bottom\"}"))).containsExactly(180, 380, 219, 399);
        assertThat(redBox(padded("/small.png", true, "{\"width\": 400, \"height\": 400, \"margin\": 20, "
                + "\"position\": \"left\"}"))).containsExactly(0, 190, 39, 209);
    }

    @Test
    void anOpaquePhotoIsNoCutOutAndIsCentredInsideTheMargin() {
        BufferedImage out = padded("/photo.jpg", false,
                "{\"width\": 400, \"height\": 400, \"background\": \"#000000\", \"margin\": 40, \"scale\": \"fit\"}");
        // 160×120 into 320×320: 320×240, centred; the canvas shows above and below
        assertThat(out.getRGB(200, 78) & 0xFFFFFF).isZero();
        assertThat(out.getRGB(200, 321) & 0xFFFFFF).isZero();
        assertThat(out.getRGB(38, 200) & 0xFFFFFF).isZero();
        assertThat(out.getRGB(42, 200) & 0xFFFFFF).as("the photo's own light backdrop").isNotZero();
    }
}
