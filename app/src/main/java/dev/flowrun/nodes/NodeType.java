package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One entry of the node catalogue. Adding a node type means one class implementing this (extending
 * {@link NamedNodeType}, which takes the name, role, one line of what it does and its {@link DataField}s in its
 * constructor), one line in {@link NodeCatalogue}, and its tests; the graph validator and the executor only ever see
 * this interface, and the API's node schemas, the dashboard's step editor and docs/nodes.md are made from
 * {@link #does()} and {@link #fields()}.
 */
public interface NodeType {

    /** The value of the node's {@code type} field, e.g. {@code "resize"}. */
    String type();

    /** Where the node sits in a graph; the validator checks edges against it. */
    Role role();

    /** What the node does, in a sentence or two, for the API's schemas, the dashboard and the docs. */
    default String does() {
        return "";
    }

    /**
     * The fields of its {@code data} ({@code label} aside, which every node takes): a graph being saved with any other
     * is refused. {@link #compile} reads exactly these, through their declarations.
     */
    default List<DataField> fields() {
        return List.of();
    }

    /**
     * Groups of its fields of which exactly one must be given (present and not null): the API's node schema says
     * so with a {@code oneOf}, and {@link #compile} refuses anything else.
     */
    default List<List<DataField>> exactlyOneOf() {
        return List.of();
    }

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
