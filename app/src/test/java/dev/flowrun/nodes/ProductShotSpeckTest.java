package dev.flowrun.nodes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.Json;
import dev.flowrun.cutout.model.CachingModelRemover;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.support.Argb;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Product shot whose cut-out holds a speck apart from the subject (a crumb, a loose thread the model kept): the
 * subject fills the square, not the speck (contract §4, {@code trim}). The cut-out is the model's of a real photo
 * (through the "Remove background" template); a small piece of the subject's own fur is set down far from it, in
 * the transparent part, and the cut-out goes through the Product shot's framing (its nodes after removeBackground).
 * With {@code -Dflowrun.speckSheet=FILE} the test also writes a contact sheet of the input and the result there.
 */
class ProductShotSpeckTest {
    private static final int MARGIN = ProductShotTest.MARGIN;
    static TestApp app;
    static FileServer files;

    @BeforeAll
    static void start() {
        app = TestApp.start(Map.of(), NodeCatalogue.standard(CachingModelRemover.oneLook()));
        files = new FileServer().serve("/squirrel.jpg", ProductShotTest.photo(Source.OPENCV, "data/squirrel_cls.jpg"));
    }

    @AfterAll
    static void stop() {
        files.close();
        app.close();
    }

    @Test
    void theSubjectFillsTheSquareNotTheSpeck() throws Exception {
        BufferedImage cutout = only(Runs.template(app, "Remove background"), "/squirrel.jpg");
        int[] subject = Argb.bounds(cutout, p -> (p >>> 24) > 128);
        // 10 × 10 px of the squirrel's middle, set down 40 px in from the photo's top-left corner: well under 1% of
        // the squirrel's area, and far from it.
        int cx = (subject[0] + subject[2]) / 2;
        int cy = (subject[1] + subject[3]) / 2;
        assertThat(subject[0]).as("room for the speck left of the subject").isGreaterThan(60);
        BufferedImage specked = Images.decode(Images.encode(cutout, "png"));
        Argb.paint(specked, 40, 40, 50, 50, (x, y) -> cutout.getRGB(cx - 45 + x, cy - 45 + y) | 0xFF000000);
        files.serve("/specked.png", Images.encode(specked, "png"));

        BufferedImage shot = only(framingOfProductShot(), "/specked.png");
        String sheet = System.getProperty("flowrun.speckSheet");
        if (sheet != null) {
            ImageIO.write(sheet(specked, shot), "png", new File(sheet));
        }
        int[] box = ProductShotTest.subjectBox(shot);
        assertThat(box[0]).as("the square's left margin is white: no speck there").isGreaterThanOrEqualTo(MARGIN - 4);
        assertThat(Math.max(box[2] - box[0], box[3] - box[1]) + 1).as("the squirrel fills the square: "
                + List.of(box[0], box[1], box[2], box[3])).isGreaterThan(1024 - 2 * MARGIN - 40);
        int sx = (box[0] + box[2]) / 2;
        int sy = (box[1] + box[3]) / 2;
        assertThat(Math.abs(sx - 512) + Math.abs(sy - 512)).as("centred").isLessThan(60);
    }

    /** The "Product shot" template's graph without its removeBackground node: trim, pad, output jpeg. */
    private static long framingOfProductShot() {
        JsonNode template = app.get("/workflows/" + Runs.template(app, "Product shot")).json();
        ObjectNode graph = template.path("graph").deepCopy();
        String cut = null;
        ArrayNode nodes = Json.mapper().createArrayNode();
        for (JsonNode node : graph.path("nodes")) {
            if (node.path("type").asText().equals("removeBackground")) {
                cut = node.path("id").asText();
            } else {
                nodes.add(node);
            }
        }
        ArrayNode edges = Json.mapper().createArrayNode();
        String into = null;
        for (JsonNode edge : graph.path("edges")) {
            if (edge.path("target").asText().equals(cut)) {
                into = edge.path("source").asText();
            }
        }
        for (JsonNode edge : graph.path("edges")) {
            ObjectNode copy = edge.deepCopy();
            if (edge.path("target").asText().equals(cut)) {
                continue;
            }
            if (edge.path("source").asText().equals(cut)) {
                copy.put("source", into);
            }
            edges.add(copy);
        }
        graph.set("nodes", nodes);
        graph.set("edges", edges);
        ObjectNode body = Json.mapper().createObjectNode().put("name", "Product shot framing");
        body.set("graph", graph);
        Reply created = app.post("/workflows", body.toString());
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return created.json().path("id").asLong();
    }

    private static BufferedImage only(long workflowId, String path) {
        long run = Runs.create(app, workflowId, List.of(files.url(path)));
        JsonNode done = Runs.awaitEnd(app, run, Duration.ofMinutes(5));
        assertThat(done.path("status").asText()).as(done.toString()).isEqualTo("completed");
        String url = done.path("items").get(0).path("outputs").get(0).path("url").asText();
        return Images.decode(app.fetch(url).bytes());
    }

    /** The specked cut-out on magenta beside the Product shot, both 512 px high. */
    private static BufferedImage sheet(BufferedImage specked, BufferedImage shot) {
        int w = specked.getWidth() * 512 / specked.getHeight();
        BufferedImage sheet = new BufferedImage(w + 8 + 512, 512, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setColor(java.awt.Color.MAGENTA);
        g.fillRect(0, 0, w, 512);
        g.drawImage(specked, 0, 0, w, 512, null);
        g.drawImage(shot, w + 8, 0, 512, 512, null);
        g.dispose();
        return sheet;
    }
}
