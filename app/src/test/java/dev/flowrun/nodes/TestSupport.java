package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.awt.image.BufferedImage;

/** Compiling nodes from JSON text and building/inspecting small images pixel by pixel. */
final class TestSupport {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final NodeCatalogue CATALOGUE = NodeCatalogue.standard();

    private TestSupport() {
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /** Compiles {@code type} with data written in JSON using single quotes for readability. */
    static Node compile(String type, String data) throws InvalidNodeData {
        return CATALOGUE.find(type).orElseThrow().compile(json(data));
    }

    static TransformNode transform(String type, String data) {
        try {
            return (TransformNode) compile(type, data);
        } catch (InvalidNodeData e) {
            throw new AssertionError(e.field() + ": " + e.getMessage(), e);
        }
    }

    static BufferedImage filled(int w, int h, int argb, boolean alpha) {
        BufferedImage image = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB
                : BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                image.setRGB(x, y, argb);
            }
        }
        return image;
    }

    /** Every pixel as ARGB, row-major, via the public API only. */
    static int[] pixels(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    static int alpha(int argb) {
        return argb >>> 24;
    }

    static int red(int argb) {
        return argb >> 16 & 0xFF;
    }

    static int green(int argb) {
        return argb >> 8 & 0xFF;
    }

    static int blue(int argb) {
        return argb & 0xFF;
    }

    /** Largest per-channel difference of the RGB parts. */
    static int colourDistance(int a, int b) {
        return Math.max(Math.abs(red(a) - red(b)), Math.max(Math.abs(green(a) - green(b)),
                Math.abs(blue(a) - blue(b))));
    }
}
