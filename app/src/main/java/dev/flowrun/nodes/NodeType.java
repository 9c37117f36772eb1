package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One entry of the node catalogue. Adding a node type means one class implementing this (extending
 * {@link NamedNodeType}, which takes the name and role in its constructor) and one line in {@link NodeCatalogue};
 * the graph validator and the executor only ever see this interface.
 */
public interface NodeType {

    /** The value of the node's {@code type} field, e.g. {@code "resize"}. */
    String type();

    /** Where the node sits in a graph; the validator checks edges against it. */
    Role role();

    /**
     * Checks the node's {@code data} (an object, possibly empty; {@code label} is allowed on every node and
     * is checked by the caller) and returns the ready-to-run node. Types are strict: {@code "90"} is not 90.
     * The fields read through {@code data} are the ones the type takes (see {@link NodeData}).
     *
     * @throws InvalidNodeData naming the offending field when a value has the wrong type or range
     */
    Node compile(NodeData data) throws InvalidNodeData;

    /** Compiles JSON data directly, for callers that do not need to know which fields were read. */
    default Node compile(JsonNode data) throws InvalidNodeData {
        return compile(NodeData.of(data));
    }

    enum Role { INPUT, TRANSFORM, OUTPUT }
}
