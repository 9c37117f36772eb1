package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.error.InvalidWorkflow;
import dev.flowrun.nodes.InvalidNodeData;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.NodeData;
import dev.flowrun.nodes.NodeType;
import dev.flowrun.nodes.NodeType.Role;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a graph's JSON into a {@link Graph}, or refuses it with {@code invalid_workflow} naming the node or
 * edge at fault. Pure code: no I/O.
 */
public final class GraphParser {
    static final int MAX_ID_LENGTH = 200;
    /**
     * Nodes a graph may have (contract §4). Checked first, before any node is compiled: what an item's walk, its
     * node states and its finishing transaction cost grows with the graph.
     */
    public static final int MAX_NODES = 200;
    private final NodeCatalogue catalogue;

    public GraphParser(NodeCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    /** A graph being saved: every rule, unknown fields in a node's data included. */
    public Graph parse(JsonNode json) {
        return parse(json, true);
    }

    /**
     * A graph saved earlier (a workflow, or a run's copy): fields in a node's data that no node type takes are
     * ignored, so a workflow saved before that check, or before a field was dropped, keeps running as it ran.
     */
    public Graph parseSaved(JsonNode json) {
        return parse(json, false);
    }

    private Graph parse(JsonNode json, boolean strict) {
        if (json == null || !json.isObject()) {
            throw invalid("graph must be an object with 'nodes' and 'edges' arrays");
        }
        JsonNode nodesJson = json.get("nodes");
        if (nodesJson == null || !nodesJson.isArray()) {
            throw invalid("graph.nodes must be an array");
        }
        JsonNode edgesJson = json.get("edges");
        if (edgesJson != null && !edgesJson.isNull() && !edgesJson.isArray()) {
            throw invalid("graph.edges must be an array");
        }
        if (strict) {
            checkSize(nodesJson, edgesJson);
        }
        Map<String, GraphNode> nodes = new LinkedHashMap<>();
        for (int i = 0; i < nodesJson.size(); i++) {
            GraphNode node = parseNode(nodesJson.get(i), i, strict);
            if (nodes.putIfAbsent(node.id(), node) != null) {
                throw invalid("node '" + node.id() + "' appears more than once; node ids must be unique");
            }
        }
        List<GraphEdge> edges = new ArrayList<>();
        if (edgesJson != null && edgesJson.isArray()) {
            for (int i = 0; i < edgesJson.size(); i++) {
                edges.add(parseEdge(edgesJson.get(i), i, nodes));
            }
        }
        checkShape(nodes, edges);
        return new Graph(List.copyOf(nodes.values()), edges);
    }

    /**
     * A graph saved before the limit keeps running as it was saved ({@link #parseSaved}): its walk, without
     * recursion, holds no more for its length.
     */
    private static void checkSize(JsonNode nodesJson, JsonNode edgesJson) {
        if (nodesJson.size() > MAX_NODES) {
            throw invalid("the graph has " + nodesJson.size() + " nodes; a workflow graph may have at most "
                    + MAX_NODES);
        }
        // Every node but the inputs has exactly one incoming edge: a valid graph has fewer edges than nodes.
        if (edgesJson != null && edgesJson.isArray() && edgesJson.size() >= MAX_NODES) {
            throw invalid("the graph has " + edgesJson.size() + " edges; a workflow graph may have at most "
                    + MAX_NODES + " nodes, each but the inputs with one incoming edge");
        }
    }

    private GraphNode parseNode(JsonNode json, int index, boolean strict) {
        String where = "graph.nodes[" + index + "]";
        if (json == null || !json.isObject()) {
            throw invalid(where + " must be an object");
        }
        String id = nonEmptyText(json.get("id"), where + ".id");
        String at = "node '" + id + "'";
        JsonNode typeJson = json.get("type");
        if (typeJson == null || !typeJson.isTextual()) {
            throw invalid(at + ": type must be a string, one of " + catalogue.types());
        }
        NodeType type = catalogue.find(typeJson.asText()).orElseThrow(() ->
                invalid(at + ": unknown node type '" + typeJson.asText() + "'; known types are " + catalogue.types()));
        ObjectNode position = parsePosition(json.get("position"), at);
        JsonNode dataJson = json.get("data");
        ObjectNode data;
        if (dataJson == null || dataJson.isNull()) {
            data = JsonNodeFactory.instance.objectNode();
        } else if (dataJson.isObject()) {
            data = (ObjectNode) dataJson.deepCopy();
        } else {
            throw invalid(at + " (" + type.type() + "): data must be an object");
        }
        JsonNode label = data.get("label");
        if (label != null && !label.isTextual()) {
            throw invalid(at + " (" + type.type() + "): data.label must be a string");
        }
        String prefix = at + " (" + type.type() + "): ";
        if (strict) {
            UnknownDataFields.in(data, type).ifPresent(unknown -> {
                throw invalid(prefix + unknown);
            });
        }
        try {
            return new GraphNode(id, type, position, data, type.compile(NodeData.of(data)));
        } catch (InvalidNodeData e) {
            throw invalid(prefix + "data." + e.field() + ": " + e.getMessage());
        }
    }

    private ObjectNode parsePosition(JsonNode json, String at) {
        ObjectNode position = JsonNodeFactory.instance.objectNode();
        if (json == null || json.isNull()) {
            return position.put("x", 0).put("y", 0);
        }
        JsonNode x = json.get("x");
        JsonNode y = json.get("y");
        if (!json.isObject() || x == null || !x.isNumber() || y == null || !y.isNumber()) {
            throw invalid(at + ": position must be an object with numeric x and y");
        }
        position.set("x", x);
        position.set("y", y);
        return position;
    }

    private GraphEdge parseEdge(JsonNode json, int index, Map<String, GraphNode> nodes) {
        String where = "graph.edges[" + index + "]";
        if (json == null || !json.isObject()) {
            throw invalid(where + " must be an object");
        }
        JsonNode idJson = json.get("id");
        String id;
        if (idJson == null || idJson.isNull()) {
            id = "edge_" + (index + 1);
        } else {
            id = nonEmptyText(idJson, where + ".id");
        }
        String at = "edge '" + id + "'";
        String source = nonEmptyText(json.get("source"), at + ": source");
        String target = nonEmptyText(json.get("target"), at + ": target");
        if (!nodes.containsKey(source)) {
            throw invalid(at + ": source '" + source + "' is not a node of the graph");
        }
        if (!nodes.containsKey(target)) {
            throw invalid(at + ": target '" + target + "' is not a node of the graph");
        }
        return new GraphEdge(id, source, target);
    }

    private void checkShape(Map<String, GraphNode> nodes, List<GraphEdge> edges) {
        Map<String, Integer> incoming = new HashMap<>();
        Map<String, List<String>> outgoing = new HashMap<>();
        for (GraphEdge edge : edges) {
            GraphNode source = nodes.get(edge.source());
            GraphNode target = nodes.get(edge.target());
            if (source.type().role() == Role.OUTPUT) {
                throw invalid("edge '" + edge.id() + "': output node '" + source.id() + "' cannot have outgoing edges");
            }
            if (target.type().role() == Role.INPUT) {
                throw invalid("edge '" + edge.id() + "': input node '" + target.id() + "' cannot have incoming edges");
            }
            incoming.merge(edge.target(), 1, Integer::sum);
            outgoing.computeIfAbsent(edge.source(), k -> new ArrayList<>()).add(edge.target());
        }
        if (nodes.values().stream().noneMatch(n -> n.type().role() == Role.INPUT)) {
            throw invalid("the graph needs at least one imageInput node");
        }
        if (nodes.values().stream().noneMatch(n -> n.type().role() == Role.OUTPUT)) {
            throw invalid("the graph needs at least one output node");
        }
        for (GraphNode node : nodes.values()) {
            int count = incoming.getOrDefault(node.id(), 0);
            if (node.type().role() != Role.INPUT && count != 1) {
                throw invalid("node '" + node.id() + "' (" + node.type().type() + ") must have exactly one incoming edge, has "
                        + count);
            }
        }
        // Each non-input node has one parent, so a node no input reaches lies on a cycle.
        Set<String> reached = new HashSet<>();
        List<String> pending = new ArrayList<>();
        nodes.values().stream().filter(n -> n.type().role() == Role.INPUT).forEach(n -> pending.add(n.id()));
        while (!pending.isEmpty()) {
            String id = pending.remove(pending.size() - 1);
            if (reached.add(id)) {
                pending.addAll(outgoing.getOrDefault(id, List.of()));
            }
        }
        for (GraphNode node : nodes.values()) {
            if (!reached.contains(node.id())) {
                throw invalid("node '" + node.id() + "' is on a cycle; a workflow graph cannot have cycles");
            }
        }
    }

    private static String nonEmptyText(JsonNode json, String what) {
        if (json == null || !json.isTextual() || json.asText().isEmpty()) {
            throw invalid(what + " must be a non-empty string");
        }
        if (json.asText().length() > MAX_ID_LENGTH) {
            throw invalid(what + " must be at most " + MAX_ID_LENGTH + " characters");
        }
        return json.asText();
    }

    private static InvalidWorkflow invalid(String message) {
        return new InvalidWorkflow(message);
    }
}
