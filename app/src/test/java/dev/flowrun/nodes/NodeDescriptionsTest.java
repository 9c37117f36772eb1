package dev.flowrun.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.support.OpenApiCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every description of the node catalogue comes from the node types' declarations ({@link DataField}): each type
 * reads exactly the fields it declares, the API's node schemas take what the types take and refuse what they refuse,
 * and the docs' table and the dashboard's catalogue are the ones made from the declarations. After changing a type's
 * fields, run this test with {@code -Dflowrun.regenerate=true} to write the two files again.
 */
class NodeDescriptionsTest {
    private static final NodeCatalogue CATALOGUE = NodeCatalogue.standard();
    private static final boolean REGENERATE = Boolean.getBoolean("flowrun.regenerate");
    private static final OpenApiCheck API = new OpenApiCheck();

    @Test
    void everyTypeReadsExactlyTheFieldsItDeclares() throws InvalidNodeData {
        for (NodeType type : types()) {
            NodeData data = NodeData.of(examples(type));
            type.compile(data);
            Set<String> declared = new LinkedHashSet<>(type.fields().stream().map(DataField::name).toList());
            declared.add(NodeData.LABEL);
            assertThat(data.fieldsRead()).as(type.type() + ": fields read while compiling vs declared")
                    .containsExactlyInAnyOrderElementsOf(declared);
            for (DataField f : type.fields()) {
                assertThat(f.help()).as(type.type() + "." + f.name() + " has a line of help").isNotBlank();
            }
            assertThat(type.does()).as(type.type()).isNotBlank();
        }
    }

    @Test
    void theApiSchemasTakeTheExamplesAndRefuseWhatTheTypesRefuse() throws InvalidNodeData {
        for (NodeType type : types()) {
            String schema = NodeSchemas.schemaName(type.type());
            assertThat(API.document().at("/components/schemas/" + schema + "/properties").properties().stream()
                    .map(e -> e.getKey()).toList()).as(schema)
                    .containsExactlyElementsOf(names(type));
            ObjectNode examples = examples(type);
            assertThat(API.errors(schema, examples.toString())).as(schema + " " + examples).isEmpty();
            type.compile(examples);
            for (DataField f : type.fields()) {
                if (f.kind() == DataField.Kind.INTEGER && f.max().intValue() < Integer.MAX_VALUE) {
                    ObjectNode tooBig = examples.deepCopy().put(f.name(), f.max().intValue() + 1);
                    assertThat(API.errors(schema, tooBig.toString())).as(schema + " " + tooBig).isNotEmpty();
                    assertThatThrownBy(() -> type.compile(tooBig)).as(tooBig.toString())
                            .isInstanceOf(InvalidNodeData.class);
                }
                if (f.kind() == DataField.Kind.CHOICE) {
                    ObjectNode unknown = examples.deepCopy().put(f.name(), "sideways");
                    assertThat(API.errors(schema, unknown.toString())).as(schema + " " + unknown).isNotEmpty();
                    assertThatThrownBy(() -> type.compile(unknown)).isInstanceOf(InvalidNodeData.class);
                }
                if (f.required()) {
                    ObjectNode without = examples.deepCopy();
                    without.remove(f.name());
                    assertThat(API.errors(schema, without.toString())).as(schema + " " + without).isNotEmpty();
                    assertThatThrownBy(() -> type.compile(without)).isInstanceOf(InvalidNodeData.class);
                }
            }
        }
        assertThat(API.document().at("/components/schemas/GraphNode/properties/type/enum")).hasSize(types().size());
    }

    /**
     * A group of which exactly one field must be given: every way of giving its fields (each absent, null or set)
     * is taken by the API's schema exactly when the type takes it.
     */
    @Test
    void theApiSchemasSayExactlyOneOfAGroupAsTheTypesDo() {
        int checked = 0;
        for (NodeType type : types()) {
            String schema = NodeSchemas.schemaName(type.type());
            for (List<DataField> group : type.exactlyOneOf()) {
                int ways = (int) Math.pow(3, group.size());
                for (int way = 0; way < ways; way++) {
                    ObjectNode data = JsonNodeFactory.instance.objectNode();
                    int given = 0;
                    for (int k = 0, code = way; k < group.size(); k++, code /= 3) {
                        DataField f = group.get(k);
                        if (code % 3 == 1) {
                            data.putNull(f.name());
                        } else if (code % 3 == 2) {
                            data.set(f.name(), sample(f));
                            given++;
                        }
                    }
                    boolean typeTakes = compiles(type, data);
                    assertThat(typeTakes).as(type.type() + " " + data).isEqualTo(given == 1);
                    assertThat(API.errors(schema, data.toString()).isEmpty()).as(schema + " " + data)
                            .isEqualTo(typeTakes);
                    checked++;
                }
            }
        }
        assertThat(checked).as("background's color, imageUrl and blur, each absent, null or set").isEqualTo(27);
    }

    private static boolean compiles(NodeType type, ObjectNode data) {
        try {
            type.compile(data);
            return true;
        } catch (InvalidNodeData e) {
            return false;
        }
    }

    /** A value a field takes: its example, else one from its kind. */
    private static JsonNode sample(DataField f) {
        if (f.example() != null) {
            return new ObjectMapper().valueToTree(f.example());
        }
        return switch (f.kind()) {
            case INTEGER, NUMBER -> new ObjectMapper().valueToTree(f.min());
            case COLOR -> JsonNodeFactory.instance.textNode("#000000");
            case TEXT -> JsonNodeFactory.instance.textNode("https://example.com/backdrop.png");
            default -> throw new AssertionError("no sample for " + f.name());
        };
    }

    @Test
    void theDocsTableIsTheOneMadeFromTheDeclarations() throws IOException {
        Path docs = repository().resolve("docs/nodes.md");
        String text = Files.readString(docs);
        int start = text.indexOf(CatalogueText.TABLE_START);
        int end = text.indexOf(CatalogueText.TABLE_END);
        assertThat(start).as("docs/nodes.md holds the table's markers").isNotNegative();
        String current = text.substring(start, end + CatalogueText.TABLE_END.length());
        String made = CatalogueText.table(CATALOGUE);
        if (REGENERATE && !current.equals(made)) {
            Files.writeString(docs, text.replace(current, made));
            return;
        }
        assertThat(current).as("docs/nodes.md's table; run with -Dflowrun.regenerate=true to write it").isEqualTo(made);
    }

    @Test
    void theDashboardCatalogueIsTheOneMadeFromTheDeclarations() throws Exception {
        Path script = repository().resolve("app/src/main/resources/dashboard/js/catalogue.js");
        String made = CatalogueText.script(CATALOGUE);
        if (REGENERATE) {
            Files.writeString(script, made, StandardCharsets.UTF_8);
            return;
        }
        assertThat(Files.readString(script)).as("dashboard/js/catalogue.js; run with -Dflowrun.regenerate=true")
                .isEqualTo(made);
    }

    @Test
    void theReadmeNamesEveryNodeType() throws IOException {
        String readme = Files.readString(repository().resolve("README.md"));
        for (String type : CATALOGUE.types()) {
            assertThat(readme).contains("`" + type + "`");
        }
    }

    /** The data a new step starts with in the editor: every mandatory field has an example. */
    static ObjectNode examples(NodeType type) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        for (DataField f : type.fields()) {
            if (f.example() != null) {
                data.set(f.name(), new ObjectMapper().valueToTree(f.example()));
            } else {
                assertThat(f.required()).as(type.type() + "." + f.name() + " is mandatory without an example")
                        .isFalse();
            }
        }
        return data;
    }

    private static List<String> names(NodeType type) {
        List<String> names = new ArrayList<>(List.of(NodeData.LABEL));
        type.fields().forEach(f -> names.add(f.name()));
        return names;
    }

    private static List<NodeType> types() {
        return CATALOGUE.types().stream().map(t -> CATALOGUE.find(t).orElseThrow()).toList();
    }

    /** The checkout: tests run in the app module's folder. */
    static Path repository() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("docs/nodes.md"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the repository above " + Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
