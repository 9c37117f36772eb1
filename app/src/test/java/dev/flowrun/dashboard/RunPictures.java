package dev.flowrun.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Browser;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.By;

/** Product-like pictures for the browser tests (a coloured object on a light backdrop), served by a file server. */
final class RunPictures {
    private static final String[] NAMES = {"red-ball.png", "blue-box.jpg", "green-ball.png", "teal-box.jpg",
        "orange-ball.png", "purple-box.jpg"};
    private static final Color[] COLOURS = {new Color(210, 40, 40), new Color(40, 80, 200), new Color(40, 150, 70),
        new Color(20, 140, 140), new Color(235, 130, 20), new Color(120, 50, 160)};

    private RunPictures() {
    }

    static FileServer serve(FileServer files) {
        for (int i = 0; i < NAMES.length; i++) {
            String format = NAMES[i].endsWith(".png") ? "png" : "jpg";
            files.serve("/" + NAMES[i], Images.encode(picture(COLOURS[i], NAMES[i].contains("ball")), format));
        }
        return files;
    }

    /** The first {@code count} pictures written as files into {@code folder}, for a browser to upload. */
    static List<Path> write(Path folder, int count) {
        List<Path> written = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String format = NAMES[i].endsWith(".png") ? "png" : "jpg";
            Path file = folder.resolve(NAMES[i]);
            try {
                Files.write(file, Images.encode(picture(COLOURS[i], NAMES[i].contains("ball")), format));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            written.add(file);
        }
        return written;
    }

    /** {@code count} URLs: the first pictures, or (held) the last ones, answered only once the server is released. */
    static List<String> urls(FileServer files, int count, boolean held) {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String path = "/" + NAMES[(held ? 3 + i : i) % NAMES.length];
            urls.add(held ? files.heldUrl(path) : files.url(path));
        }
        return urls;
    }

    /** A run of the "Remove background" template over these URLs, created through the API. */
    static JsonNode create(TestApp app, List<String> urls) {
        long workflowId = workflowId(app, "Remove background");
        StringBuilder files = new StringBuilder();
        for (String url : urls) {
            files.append(files.isEmpty() ? "" : ",").append("{\"url\":\"").append(url).append("\"}");
        }
        Reply created = app.post("/workflows/" + workflowId + "/runs",
                "{\"inputs\":{\"imageInput\":{\"files\":[" + files + "]}}}");
        if (created.status() != 200) {
            throw new AssertionError("run not created: " + created);
        }
        return created.json();
    }

    static long workflowId(TestApp app, String name) {
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow.path("id").asLong();
            }
        }
        throw new AssertionError("no workflow named " + name);
    }

    /** Waits until {@code count} pictures of the item grid have loaded, scrolling to those loaded lazily. */
    static void awaitThumbnails(Browser browser, int count) {
        browser.await(count + " thumbnails loaded", d -> ((Number) browser.script("""
                const imgs = [...document.querySelectorAll('ul.items img')];
                const waiting = imgs.filter(img => !(img.complete && img.naturalWidth > 0));
                if (waiting.length) waiting[0].scrollIntoView();
                return imgs.length - waiting.length;""")).intValue() == count);
        browser.script("window.scrollTo(0, 0)");
    }

    /** Where the tests leave their screenshots: target/ unless -Dflowrun.screenshots names another folder. */
    static Path screenshots() {
        return Path.of(System.getProperty("flowrun.screenshots", "target/screenshots"));
    }

    private static BufferedImage picture(Color colour, boolean ball) {
        BufferedImage image = new BufferedImage(480, 360, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(246, 244, 240));
        g.fillRect(0, 0, 480, 360);
        g.setColor(colour);
        if (ball) {
            g.fillOval(150, 90, 180, 180);
        } else {
            g.fillRoundRect(140, 100, 200, 160, 28, 28);
        }
        g.setColor(colour.darker());
        g.fillRect(ball ? 232 : 150, ball ? 60 : 120, ball ? 16 : 180, ball ? 34 : 14);
        g.dispose();
        return image;
    }
}
