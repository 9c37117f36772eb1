package dev.flowrun.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.NodeSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's OpenAPI document ({@code openapi.json} with the node schemas, as /openapi.json serves it) used as a test oracle: a real
 * answer must have a status the document lists for its operation, and a JSON body must validate against the schema
 * the document gives for that status (with a JSON Schema library, in the OpenAPI 3.1 dialect).
 */
public final class OpenApiCheck {
    public static final String RESOURCE = "openapi.json";
    private static final String SCHEMAS = "#/components/schemas/";
    /** Where the schemas resolve the document from: the one served, not the resource without the node schemas. */
    private static final String LOCATION = "https://flowrun.invalid/openapi.json";
    private final JsonNode document;
    private final SchemaRegistry registry;
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();
    private final Set<String> checked = ConcurrentHashMap.newKeySet();

    public OpenApiCheck() {
        try (InputStream in = OpenApiCheck.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            ObjectNode read = (ObjectNode) new ObjectMapper().readTree(in);
            NodeSchemas.into(read, NodeCatalogue.standard());
            document = read;
            registry = SchemaRegistry.withDialect(Dialects.getOpenApi31(),
                    builder -> builder.schemas(Map.of(LOCATION, read.toString())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public JsonNode document() {
        return document;
    }

    /** Every operation of the document, as {@code "GET /workflows/{id}"}. */
    public Set<String> operations() {
        Set<String> operations = new TreeSet<>();
        document.path("paths").properties().forEach(path -> path.getValue().properties().forEach(operation ->
                operations.add(operation.getKey().toUpperCase() + " " + path.getKey())));
        return operations;
    }

    /** The operations {@link #assertConforms} has seen. */
    public Set<String> checked() {
        return new TreeSet<>(checked);
    }

    /** The reply is one the document describes for {@code method template}: its status, its body's schema. */
    public void assertConforms(String method, String template, Reply reply) {
        String operation = method.toUpperCase() + " " + template;
        JsonNode responses = document.path("paths").path(template).path(method.toLowerCase()).path("responses");
        assertThat(responses.isObject()).as(operation + " is in the document").isTrue();
        JsonNode response = resolve(responses.path(Integer.toString(reply.status())));
        assertThat(response.isObject()).as(operation + " documents status " + reply.status() + " (" + reply + ")").isTrue();
        checked.add(operation);
        String type = reply.header("Content-Type");
        JsonNode content = response.path("content");
        if (reply.bytes().length == 0 || "HEAD".equalsIgnoreCase(method)) {
            return;
        }
        if (type != null && type.startsWith("application/json")) {
            JsonNode schema = content.path("application/json").path("schema");
            String ref = schema.path("$ref").asText("");
            assertThat(ref).as(operation + " " + reply.status() + ": a JSON answer's schema is a component").startsWith(SCHEMAS);
            assertValid(ref.substring(SCHEMAS.length()), new String(reply.bytes(), StandardCharsets.UTF_8));
        } else {
            String mediaType = type == null ? "" : type.split(";")[0].strip();
            assertThat(content.has(mediaType) || content.has("*/*"))
                    .as(operation + " " + reply.status() + " documents " + mediaType + ": " + content).isTrue();
        }
    }

    /** Fails with the validator's findings unless {@code json} is valid against the named component schema. */
    public void assertValid(String schemaName, String json) {
        List<Error> errors = errors(schemaName, json);
        if (!errors.isEmpty()) {
            fail("not a valid " + schemaName + ": " + errors.stream().map(Error::toString).toList() + "\n" + json);
        }
    }

    public List<Error> errors(String schemaName, String json) {
        Schema schema = schemas.computeIfAbsent(schemaName, name ->
                registry.getSchema(SchemaLocation.of(LOCATION + SCHEMAS + name)));
        return schema.validate(json, InputFormat.JSON);
    }

    private JsonNode resolve(JsonNode node) {
        String ref = node.path("$ref").asText(null);
        if (ref == null) {
            return node;
        }
        assertThat(ref).startsWith("#/");
        return document.at(ref.substring(1));
    }
}
