package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Compiling nodes from JSON text (pixels: {@link dev.flowrun.support.Argb}). */
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
}
