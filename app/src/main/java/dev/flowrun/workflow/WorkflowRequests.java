package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.InvalidJson;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.KnownFields;
import java.util.function.BiConsumer;

/** Reads the bodies of {@code POST /workflows} and {@code PUT /workflows/{id}} (openapi.json). */
public final class WorkflowRequests {
    static final int MAX_NAME = 200;
    static final int MAX_DESCRIPTION = 2000;
    private static final KnownFields BODY = KnownFields.of("name", "description", "graph", "isTemplate");
    private static final KnownFields GRAPH = KnownFields.of("nodes", "edges");
    private static final KnownFields NODE = KnownFields.of("id", "type", "position", "data");
    private static final KnownFields POSITION = KnownFields.of("x", "y");
    private static final KnownFields EDGE = KnownFields.of("id", "source", "target");
    private final GraphParser parser;

    public WorkflowRequests(GraphParser parser) {
        this.parser = parser;
    }

    public WorkflowDraft forCreate(JsonNode body) {
        requireObject(body);
        if (!body.hasNonNull("name")) {
            throw new InvalidRequest("name", "name is required");
        }
        if (!body.hasNonNull("graph")) {
            throw new InvalidRequest("graph", "graph is required");
        }
        WorkflowDraft draft = read(body);
        return new WorkflowDraft(draft.name(), draft.description() == null ? "" : draft.description(), draft.graph(),
                draft.isTemplate() != null && draft.isTemplate());
    }

    public WorkflowDraft forUpdate(JsonNode body) {
        requireObject(body);
        if (body.has("isTemplate")) {
            throw new InvalidRequest("isTemplate", "isTemplate is set when a workflow is created and cannot change");
        }
        return read(body);
    }

    private WorkflowDraft read(JsonNode body) {
        String name = text(body, "name", MAX_NAME, false);
        String description = text(body, "description", MAX_DESCRIPTION, true);
        Graph graph = null;
        if (body.hasNonNull("graph")) {
            checkGraphFields(body.get("graph"));
            graph = parser.parse(body.get("graph"));
        }
        Boolean isTemplate = null;
        if (body.hasNonNull("isTemplate")) {
            if (!body.get("isTemplate").isBoolean()) {
                throw new InvalidRequest("isTemplate", "isTemplate must be true or false");
            }
            isTemplate = body.get("isTemplate").asBoolean();
        }
        return new WorkflowDraft(name, description, graph, isTemplate);
    }

    /**
     * The graph's objects hold the fields openapi.json lists; a node's {@code data} is left to its node type,
     * whose refusal of a field it does not take is an {@code invalid_workflow}. Anything not an object here the
     * parser refuses itself.
     */
    private static void checkGraphFields(JsonNode graph) {
        if (!graph.isObject()) {
            return;
        }
        GRAPH.check(graph, "graph");
        checkEach(graph.get("nodes"), "graph.nodes", (node, at) -> {
            NODE.check(node, at);
            if (node.path("position").isObject()) {
                POSITION.check(node.get("position"), at + ".position");
            }
        });
        checkEach(graph.get("edges"), "graph.edges", EDGE::check);
    }

    private static void checkEach(JsonNode array, String path, BiConsumer<JsonNode, String> check) {
        if (array == null || !array.isArray()) {
            return;
        }
        for (int i = 0; i < array.size(); i++) {
            if (array.get(i).isObject()) {
                check.accept(array.get(i), path + "[" + i + "]");
            }
        }
    }

    private static String text(JsonNode body, String field, int maxLength, boolean mayBeEmpty) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new InvalidRequest(field, field + " must be a string");
        }
        String text = value.asText();
        if (!mayBeEmpty && text.isBlank()) {
            throw new InvalidRequest(field, field + " must not be empty");
        }
        if (text.length() > maxLength) {
            throw new InvalidRequest(field, field + " must be at most " + maxLength + " characters");
        }
        return text;
    }

    /** Before any other rule, so a misspelt required field is named as misspelt rather than as missing. */
    private static void requireObject(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidJson("the request body must be a JSON object");
        }
        BODY.check(body, "");
    }
}
