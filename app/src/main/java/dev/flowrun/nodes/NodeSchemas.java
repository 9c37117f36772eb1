package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The node schemas of the API document, made from the catalogue's declarations: one {@code <Type>Data} schema per
 * node type, and the {@code type} choices of {@code GraphNode} with the data schema each type takes. openapi.json
 * holds everything else; these are put into it when it is served.
 */
public final class NodeSchemas {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String NULL_RULE = " A key set to null counts as absent; a key the type does not take is "
            + "refused when the workflow is saved.";

    private NodeSchemas() {
    }

    /** Puts the catalogue's node schemas into {@code document} (an OpenAPI document with a GraphNode schema). */
    public static void into(ObjectNode document, NodeCatalogue catalogue) {
        ObjectNode schemas = (ObjectNode) document.path("components").path("schemas");
        ObjectNode graphNode = (ObjectNode) schemas.path("GraphNode");
        ArrayNode types = ((ObjectNode) graphNode.path("properties").path("type")).putArray("enum");
        ArrayNode choices = graphNode.putArray("allOf");
        for (String name : catalogue.types()) {
            NodeType type = catalogue.find(name).orElseThrow();
            String schemaName = schemaName(name);
            schemas.set(schemaName, dataSchema(type));
            types.add(name);
            ObjectNode choice = choices.addObject();
            ObjectNode condition = choice.putObject("if");
            condition.putObject("properties").putObject("type").put("const", name);
            condition.putArray("required").add("type");
            choice.putObject("then").putObject("properties").putObject("data")
                    .put("$ref", "#/components/schemas/" + schemaName);
        }
    }

    /** {@code removeBackground} → {@code RemoveBackgroundData}. */
    public static String schemaName(String type) {
        return Character.toUpperCase(type.charAt(0)) + type.substring(1) + "Data";
    }

    static ObjectNode dataSchema(NodeType type) {
        ObjectNode schema = JSON.objectNode().put("type", "object").put("description", type.does() + NULL_RULE);
        ObjectNode properties = schema.putObject("properties");
        properties.putObject(NodeData.LABEL).put("description", "Shown in processedNodeChain instead of the type.")
                .putArray("type").add("string").add("null");
        ArrayNode required = JSON.arrayNode();
        for (DataField field : type.fields()) {
            properties.set(field.name(), fieldSchema(field));
            if (field.required()) {
                required.add(field.name());
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        List<List<DataField>> groups = type.exactlyOneOf();
        if (groups.size() == 1) {
            schema.set("oneOf", exactlyOne(groups.get(0)));
        } else if (groups.size() > 1) {
            ArrayNode all = schema.putArray("allOf");
            groups.forEach(group -> all.addObject().set("oneOf", exactlyOne(group)));
        }
        return schema;
    }

    /**
     * One branch per field of the group: that field given and not null, the others absent or null (null counts as
     * absent). {@code oneOf} then holds when exactly one of them is given.
     */
    private static ArrayNode exactlyOne(List<DataField> group) {
        ArrayNode branches = JSON.arrayNode();
        for (DataField given : group) {
            ObjectNode branch = branches.addObject();
            branch.putArray("required").add(given.name());
            ObjectNode properties = branch.putObject("properties");
            properties.putObject(given.name()).putObject("not").put("type", "null");
            for (DataField other : group) {
                if (other != given) {
                    properties.putObject(other.name()).put("type", "null");
                }
            }
        }
        return branches;
    }

    static ObjectNode fieldSchema(DataField field) {
        ObjectNode schema = switch (field.kind()) {
            case INTEGER, NUMBER -> {
                ObjectNode s = JSON.objectNode().put("type", field.kind() == DataField.Kind.INTEGER ? "integer"
                        : "number");
                s.set("minimum", MAPPER.valueToTree(field.min()));
                if (field.max().doubleValue() < Integer.MAX_VALUE) {
                    s.set("maximum", MAPPER.valueToTree(field.max()));
                }
                yield s;
            }
            case BOOLEAN -> JSON.objectNode().put("type", "boolean");
            case CHOICE -> {
                ObjectNode s = JSON.objectNode();
                if (field.choices().get(0) instanceof String) {
                    s.put("type", "string");
                }
                s.set("enum", MAPPER.valueToTree(field.choices()));
                yield s;
            }
            case COLOR -> JSON.objectNode().put("type", "string").put("pattern", "^#[0-9A-Fa-f]{6}$");
            case TEXT, OTHER -> parse(field.schema());
        };
        if (!field.required()) {
            nullable(schema);
        }
        if (field.defaultValue() != null) {
            schema.set("default", MAPPER.valueToTree(field.defaultValue()));
        }
        String words = field.help() + (field.defaultText() != null ? " Default: " + field.defaultText() + "." : "");
        if (!words.isBlank()) {
            schema.put("description", words.strip());
        }
        return schema;
    }

    /** An optional field may be sent as null (the editor clearing it back to its default). */
    private static void nullable(ObjectNode schema) {
        if (schema.has("enum")) {
            ((ArrayNode) schema.get("enum")).addNull();
        }
        if (schema.path("type").isTextual()) {
            String type = schema.get("type").asText();
            schema.set("type", JSON.arrayNode().add(type).add("null"));
        } else if (schema.has("oneOf")) {
            ((ArrayNode) schema.get("oneOf")).addObject().put("type", "null");
        }
    }

    private static ObjectNode parse(String text) {
        try {
            JsonNode node = MAPPER.readTree(text);
            return (ObjectNode) node;
        } catch (IOException e) {
            throw new UncheckedIOException("a field's schema is not JSON: " + text, e);
        }
    }
}
