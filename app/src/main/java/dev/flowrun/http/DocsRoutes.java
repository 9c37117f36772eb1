package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flowrun.error.NotFound;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.NodeSchemas;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * {@code GET /openapi.json} and {@code GET /docs} (README, Operating it), without a credential. The document is the
 * hand-written {@code openapi.json} resource with the node schemas made from the catalogue's declarations
 * ({@link NodeSchemas}); {@code /docs} is Swagger UI from its webjar in this jar (nothing fetched from elsewhere),
 * pointed at that document.
 */
final class DocsRoutes {
    private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
    /** The only files /docs/… serves: a name in the path never reaches the class path unchecked. */
    private static final Map<String, String> CONTENT_TYPES = Map.of(
            "swagger-ui.css", "text/css; charset=utf-8",
            "swagger-ui-bundle.js", "text/javascript; charset=utf-8",
            "favicon-32x32.png", "image/png",
            "favicon-16x16.png", "image/png");
    private final byte[] openApi = document();
    private final byte[] page = resource("docs/index.html");
    private final byte[] script = resource("docs/flowrun-docs.js");
    private final String swaggerUi = WEBJAR + swaggerUiVersion() + "/";

    void register(RoutesConfig routes) {
        routes.get("/openapi.json", ctx -> ctx.contentType("application/json").result(openApi));
        routes.get("/docs", ctx -> ctx.contentType("text/html; charset=utf-8").result(page));
        routes.get("/docs/{file}", this::asset);
    }

    private void asset(Context ctx) {
        String file = ctx.pathParam("file");
        if (file.equals("flowrun-docs.js")) {
            ctx.contentType("text/javascript; charset=utf-8").result(script);
            return;
        }
        String type = CONTENT_TYPES.get(file);
        InputStream in = type == null ? null : DocsRoutes.class.getClassLoader().getResourceAsStream(swaggerUi + file);
        if (in == null) {
            throw new NotFound("no such file: /docs/" + file);
        }
        ctx.header("Cache-Control", "public, max-age=86400").contentType(type).result(in);
    }

    private static String swaggerUiVersion() {
        var properties = new Properties();
        try (InputStream in = open("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }

    /** The node types' declarations do not depend on the model, so the standard catalogue describes them all. */
    static byte[] document() {
        try {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode document = (ObjectNode) mapper.readTree(resource("openapi.json"));
            NodeSchemas.into(document, NodeCatalogue.standard());
            return mapper.writeValueAsBytes(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = open(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String name) {
        InputStream in = DocsRoutes.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException(name + " is missing from the jar");
        }
        return in;
    }
}
