package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The two catalogue files made from the node types' declarations and kept in the repository: the table of
 * docs/nodes.md and the dashboard's js/catalogue.js. {@link NodeDescriptionsTest} fails when either differs.
 */
final class CatalogueText {
    static final String TABLE_START = "<!-- node table: made from the node types' declarations, see NodeDescriptionsTest -->";
    static final String TABLE_END = "<!-- end of node table -->";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CatalogueText() {
    }

    /** The markdown table of docs/nodes.md, between its two markers. */
    static String table(NodeCatalogue catalogue) {
        List<String> rows = new ArrayList<>(List.of(TABLE_START, "| type | data | does |", "|---|---|---|"));
        for (String name : catalogue.types()) {
            NodeType type = catalogue.find(name).orElseThrow();
            String data = type.fields().isEmpty() ? "—"
                    : type.fields().stream().map(CatalogueText::fieldText).collect(Collectors.joining("<br>"));
            rows.add("| `" + name + "` | " + data + " | " + type.does() + " |");
        }
        rows.add(TABLE_END);
        return String.join("\n", rows);
    }

    static String fieldText(DataField f) {
        String rule = switch (f.kind()) {
            case INTEGER, NUMBER -> f.max().doubleValue() >= Integer.MAX_VALUE ? "≥ " + f.min()
                    : DataField.plain(f.min()) + "–" + DataField.plain(f.max());
            case BOOLEAN -> "true/false";
            case CHOICE -> f.choices().stream().map(c -> "`" + c + "`").collect(Collectors.joining("/"));
            case COLOR -> "`#RRGGBB`";
            case TEXT, OTHER -> f.ruleText();
        };
        String extra = f.required() ? ", required" : f.defaultShown() == null ? ", optional"
                : " (default " + (f.defaultValue() != null ? "`" + f.defaultShown() + "`" : f.defaultShown()) + ")";
        return "`" + f.name() + "` " + rule + extra + (f.help().isEmpty() ? "" : ": " + f.help().replace("|", "\\|"));
    }

    /** dashboard/js/catalogue.js: what the step editor offers, and the data a new step starts with. */
    static String script(NodeCatalogue catalogue) throws Exception {
        ArrayNode types = JsonNodeFactory.instance.arrayNode();
        for (String name : catalogue.types()) {
            NodeType type = catalogue.find(name).orElseThrow();
            ObjectNode entry = types.addObject().put("type", name).put("role", type.role().name().toLowerCase())
                    .put("does", type.does());
            ArrayNode fields = entry.putArray("fields");
            for (DataField f : type.fields()) {
                ObjectNode field = fields.addObject().put("name", f.name()).put("rule", f.ruleText())
                        .put("required", f.required()).put("help", f.help());
                if (f.defaultShown() != null) {
                    field.put("default", f.defaultShown());
                }
                if (f.example() != null) {
                    field.set("example", JSON.valueToTree(f.example()));
                }
            }
        }
        return "// Made from the node types' declarations by NodeDescriptionsTest (run it with -Dflowrun.regenerate=true\n"
                + "// after changing a node type's fields); edit the declarations, not this file.\n"
                + "export const CATALOGUE = " + JSON.writeValueAsString(types).replace("\r\n", "\n") + ";\n";
    }
}
