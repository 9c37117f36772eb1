package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.nodes.NodeType.Role;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A valid workflow graph (see {@link GraphParser}). Every non-input node has exactly one parent, so the
 * graph is a forest with one tree per input node: an item's file flows down its input node's tree.
 */
public final class Graph {
    private final Map<String, GraphNode> nodes;
    private final List<GraphEdge> edges;
    private final Map<String, List<GraphNode>> children = new LinkedHashMap<>();
    private final Map<String, GraphNode> parents = new LinkedHashMap<>();

    Graph(List<GraphNode> nodes, List<GraphEdge> edges) {
        this.nodes = new LinkedHashMap<>();
        nodes.forEach(node -> this.nodes.put(node.id(), node));
        this.edges = List.copyOf(edges);
        for (GraphEdge edge : edges) {
            children.computeIfAbsent(edge.source(), k -> new ArrayList<>()).add(this.nodes.get(edge.target()));
            parents.put(edge.target(), this.nodes.get(edge.source()));
        }
    }

    public List<GraphNode> nodes() {
        return List.copyOf(nodes.values());
    }

    public Optional<GraphNode> node(String id) {
        return Optional.ofNullable(nodes.get(id));
    }

    public List<GraphNode> inputNodes() {
        return nodes.values().stream().filter(n -> n.type().role() == Role.INPUT).toList();
    }

    public List<GraphNode> outputNodes() {
        return nodes.values().stream().filter(n -> n.type().role() == Role.OUTPUT).toList();
    }

    public List<GraphNode> children(String nodeId) {
        return children.getOrDefault(nodeId, List.of());
    }

    /** The nodes from the input node down to this one, in order. */
    public List<GraphNode> pathTo(String nodeId) {
        List<GraphNode> path = new ArrayList<>();
        for (GraphNode node = nodes.get(nodeId); node != null; node = parents.get(node.id())) {
            path.add(node);
        }
        Collections.reverse(path);
        return path;
    }

    /** The nodes in an order where every parent comes before its children, tree by tree (without recursion). */
    public List<GraphNode> executionOrder() {
        List<GraphNode> order = new ArrayList<>();
        Deque<GraphNode> pending = new ArrayDeque<>();
        for (GraphNode input : inputNodes()) {
            pending.push(input);
            while (!pending.isEmpty()) {
                GraphNode node = pending.pop();
                order.add(node);
                List<GraphNode> below = children(node.id());
                for (int i = below.size() - 1; i >= 0; i--) {
                    pending.push(below.get(i));
                }
            }
        }
        return order;
    }

    /** The normalised JSON form: what is stored and what the API shows. */
    public ObjectNode toJson() {
        var factory = JsonNodeFactory.instance;
        ObjectNode root = factory.objectNode();
        ArrayNode nodeArray = root.putArray("nodes");
        for (GraphNode node : nodes.values()) {
            ObjectNode json = nodeArray.addObject();
            json.put("id", node.id());
            json.put("type", node.type().type());
            json.set("position", node.position().deepCopy());
            json.set("data", node.data().deepCopy());
        }
        ArrayNode edgeArray = root.putArray("edges");
        for (GraphEdge edge : edges) {
            edgeArray.addObject().put("id", edge.id()).put("source", edge.source()).put("target", edge.target());
        }
        return root;
    }

    public String toJsonText(ObjectMapper mapper) {
        try {
            return mapper.writeValueAsString(toJson());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a graph always serialises", e);
        }
    }
}
