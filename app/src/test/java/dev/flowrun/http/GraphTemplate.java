package dev.flowrun.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A valid workflow body with a hole ({@link #HOLE}) that a hostile value fills: one body per place a value goes,
 * from the top-level fields down to a node's data and an edge's ends.
 */
final class GraphTemplate {
    static final String HOLE = "@@";
    /** A valid graph with a named slot in every place a value goes; {@link #graph} fills them. */
    private static final String GRAPH = """
            {"nodes": [{"id": <inId>, "type": <inType>, "position": <position>, "data": <inData>},
                       {"id": "r", "type": "resize", "data": {"width": <width>, "fit": <fit>, "label": <label><extra>}},
                       {"id": "out", "type": "output", "data": {"format": "jpeg", "quality": <quality>}}],
             "edges": <edges>}""";
    private static final Map<String, String> GRAPH_DEFAULTS = new LinkedHashMap<>();

    static {
        GRAPH_DEFAULTS.put("<inId>", "\"in\"");
        GRAPH_DEFAULTS.put("<inType>", "\"imageInput\"");
        GRAPH_DEFAULTS.put("<position>", "{\"x\": <x>, \"y\": 0}");
        GRAPH_DEFAULTS.put("<x>", "0");
        GRAPH_DEFAULTS.put("<inData>", "{}");
        GRAPH_DEFAULTS.put("<width>", "64");
        GRAPH_DEFAULTS.put("<fit>", "\"contain\"");
        GRAPH_DEFAULTS.put("<label>", "\"small\"");
        // A field resize does not take: absent in the valid graph (it is refused), present only as the hole.
        GRAPH_DEFAULTS.put("<extra>", "");
        GRAPH_DEFAULTS.put("<quality>", "80");
        GRAPH_DEFAULTS.put("<edges>", "[{\"id\": <edgeId>, \"source\": <source>, \"target\": \"r\"},"
                + " {\"id\": \"e2\", \"source\": \"r\", \"target\": \"out\"}]");
        GRAPH_DEFAULTS.put("<edgeId>", "\"e1\"");
        GRAPH_DEFAULTS.put("<source>", "\"in\"");
    }

    /** How a slot looks as the hole where that differs from the hole alone. */
    private static final Map<String, String> HOLE_FORMS = Map.of("<extra>", ", \"x\": " + HOLE);

    private GraphTemplate() {
    }

    static List<String> workflowBodies() {
        List<String> templates = new ArrayList<>(List.of(HOLE, "{\"name\": @@, \"graph\": " + graph(null) + "}",
                "{\"name\": \"n\", \"description\": @@, \"graph\": " + graph(null) + "}",
                "{\"name\": \"n\", \"graph\": @@}", "{\"name\": \"n\", \"isTemplate\": @@, \"graph\": " + graph(null) + "}",
                "{\"name\": \"n\", \"graph\": {\"nodes\": @@, \"edges\": []}}",
                "{\"name\": \"n\", \"graph\": {\"nodes\": [@@], \"edges\": []}}",
                "{\"name\": \"n\", \"graph\": " + graph(null) + ", \"x\": @@}"));
        for (String slot : GRAPH_DEFAULTS.keySet()) {
            templates.add("{\"name\": \"n\", \"graph\": " + graph(slot) + "}");
        }
        return templates;
    }

    /** {@link #GRAPH} with {@code hole} left as the hole and every other slot at its default. */
    static String graph(String hole) {
        String graph = GRAPH;
        // Defaults hold slots of their own (position holds x), so fill in rounds until none is left.
        for (int round = 0; round < 3; round++) {
            for (var slot : GRAPH_DEFAULTS.entrySet()) {
                graph = graph.replace(slot.getKey(), slot.getKey().equals(hole)
                        ? HOLE_FORMS.getOrDefault(hole, HOLE) : slot.getValue());
            }
        }
        return graph;
    }
}
