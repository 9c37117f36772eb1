package dev.flowrun.http;

import static dev.flowrun.support.ApiAssertions.assertError;
import static dev.flowrun.support.ApiAssertions.assertHtmlPage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** /docs shows the OpenAPI document with a viewer served from the jar, nothing fetched elsewhere. */
class DocsTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    @Test
    void theDocsPageAndEverythingItLoadsComeFromThisServiceWithoutACredential() {
        Reply page = assertHtmlPage(app.get("/docs", null));
        String html = text(page);
        assertThat(html).as("no CDN").doesNotContain("http://").doesNotContain("https://").doesNotContain("//cdn");
        List<String> assets = new ArrayList<>();
        Matcher links = Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(html);
        while (links.find()) {
            assets.add(links.group(1));
        }
        assertThat(assets).contains("/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css", "/docs/flowrun-docs.js");
        for (String asset : assets) {
            Reply reply = app.get(asset, null);
            assertThat(reply.status()).as(asset).isEqualTo(200);
            assertThat(reply.bytes()).as(asset).isNotEmpty();
            String type = reply.header("Content-Type");
            assertThat(type).as(asset).startsWith(asset.endsWith(".js") ? "text/javascript"
                    : asset.endsWith(".css") ? "text/css" : "image/png");
        }
        String script = text(app.get("/docs/flowrun-docs.js", null));
        assertThat(script).contains("url: \"/openapi.json\"").contains("SwaggerUIBundle(");
        assertThat(text(app.get("/docs/swagger-ui-bundle.js", null))).contains("SwaggerUIBundle");
    }

    @Test
    void onlyTheViewersOwnFilesAreServed() {
        assertError(app.get("/docs/pom.properties", null), 404, "not_found");
        assertError(app.get("/docs/index.html", null), 404, "not_found");
        assertError(app.get("/docs/..%2F..%2Flogback.xml", null), 404, "not_found");
        assertError(app.get("/docs/swagger-ui-bundle.js.map", null), 404, "not_found");
    }

    private static String text(Reply reply) {
        return new String(reply.bytes(), StandardCharsets.UTF_8);
    }
}
