package dev.flowrun.dashboard;

import static dev.flowrun.support.ApiAssertions.assertHtmlPage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.RawHttp;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The dashboard's files as the jar serves them (README, Dashboard): no key needed, nothing else reachable. */
class DashboardFilesTest {
    private static final Pattern IMPORT = Pattern.compile("from '(\\.{1,2}/[^']+)'");
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    @Test
    void thePageIsServedAtTheRootWithoutAKeyAndAllowsOnlyItsOwnScripts() {
        Reply page = assertHtmlPage(app.get("/", null));
        assertThat(new String(page.bytes(), StandardCharsets.UTF_8))
                .contains("<script type=\"module\" src=\"/dashboard/js/main.js\"></script>");
        String policy = page.header("Content-Security-Policy");
        assertThat(policy).contains("default-src 'self'").doesNotContain("unsafe-inline").doesNotContain("unsafe-eval");
        assertThat(policy).as("file URLs point at the public URL").contains("img-src 'self' " + app.app().publicUrl());
        assertThat(page.header("X-Content-Type-Options")).isEqualTo("nosniff");
    }

    @Test
    void everyModuleThePageImportsIsServedAsJavaScript() {
        Deque<String> pending = new ArrayDeque<>(java.util.List.of("/dashboard/js/main.js"));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String path = pending.pop();
            if (!seen.add(path)) {
                continue;
            }
            Reply script = app.get(path, null);
            assertThat(script.status()).as(path).isEqualTo(200);
            assertThat(script.header("Content-Type")).as(path).startsWith("text/javascript");
            Matcher imports = IMPORT.matcher(new String(script.bytes(), StandardCharsets.UTF_8));
            while (imports.find()) {
                pending.push(java.net.URI.create(path).resolve(imports.group(1)).getPath());
            }
        }
        assertThat(seen).as("the pages and their helpers").hasSizeGreaterThan(10);
        assertThat(app.get("/dashboard/app.css", null).header("Content-Type")).startsWith("text/css");
    }

    @Test
    void anUnchangedFileIsAnswered304() {
        Reply first = app.get("/dashboard/app.css", null);
        String etag = first.header("ETag");
        assertThat(etag).isNotBlank();
        Reply again = app.call(new Request.Builder().url(app.baseUrl() + "/dashboard/app.css")
                .header("If-None-Match", etag).build());
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.bytes()).isEmpty();
    }

    @Test
    void aPathOutsideTheDashboardsFilesIsNotFoundAsJson() {
        for (String path : new String[] {"/dashboard/nope.js", "/dashboard/js/main.JS", "/dashboard/", "/dashboard",
                "/dashboard/js/../../db/migration/V1.sql", "/dashboard/%2e%2e/simplelogger.properties",
                "/dashboard/..%2fsimplelogger.properties", "/dashboard/simplelogger.properties",
                "/dashboard/.hidden.js", "/index.html"}) {
            Reply reply = RawHttp.send(app.app().port(), "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Connection: close\r\n\r\n");
            assertThat(reply.status()).as(path).isIn(400, 404);
            assertThat(reply.json().path("error").path("code").asText()).as(path).isIn("not_found", "invalid_request");
            assertThat(new String(reply.bytes(), StandardCharsets.UTF_8)).as(path).doesNotContain("org.slf4j").doesNotContain("CREATE TABLE");
        }
    }
}
