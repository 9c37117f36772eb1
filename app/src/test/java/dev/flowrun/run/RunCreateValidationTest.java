package dev.flowrun.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Create: every refusal is 400 invalid_request naming the field, and creates nothing. */
class RunCreateValidationTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    static long single;
    static long twoInputs;

    @BeforeAll
    static void start() {
        single = TestWorkflow.named("one input").input("node_1").output("node_2").chain().create(app);
        twoInputs = TestWorkflow.twoInputs().create(app);
    }

    static String file(String url) {
        return "{\"files\": [{\"url\": \"" + url + "\"}]}";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            neither inputs nor zipUrl        | {}                                                                           | inputs
            both inputs and zipUrl           | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "zipUrl": "http://x.test/a.zip"} | zipUrl
            inputs not an object             | {"inputs": []}                                                               | inputs
            unknown input node               | {"inputs": {"node_9": {"files": [{"url": "http://x.test/a.png"}]}}}          | inputs.node_9
            output node as input             | {"inputs": {"node_2": {"files": [{"url": "http://x.test/a.png"}]}}}          | inputs.node_2
            files missing                    | {"inputs": {"node_1": {}}}                                                   | inputs.node_1.files
            files empty                      | {"inputs": {"node_1": {"files": []}}}                                        | inputs.node_1.files
            file not an object               | {"inputs": {"node_1": {"files": ["http://x.test/a.png"]}}}                   | inputs.node_1.files[0]
            url missing                      | {"inputs": {"node_1": {"files": [{"name": "a.png"}]}}}                       | inputs.node_1.files[0].url
            url not http                     | {"inputs": {"node_1": {"files": [{"url": "ftp://x.test/a.png"}]}}}           | inputs.node_1.files[0].url
            url without host                 | {"inputs": {"node_1": {"files": [{"url": "http:///a.png"}]}}}                | inputs.node_1.files[0].url
            url a number                     | {"inputs": {"node_1": {"files": [{"url": 42}]}}}                             | inputs.node_1.files[0].url
            second url bad                   | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}, {"url": "nope"}]}}} | inputs.node_1.files[1].url
            name not a string                | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png", "name": 7}]}}} | inputs.node_1.files[0].name
            webhook plain http               | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "webhookUrl": "http://hooks.test/x"} | webhookUrl
            webhook without host             | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "webhookUrl": "https://"} | webhookUrl
            webhook not a string             | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "webhookUrl": true} | webhookUrl
            zipLayout unknown                | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "zipLayout": "tree"} | zipLayout
            zipLayout not a string           | {"inputs": {"node_1": {"files": [{"url": "http://x.test/a.png"}]}}, "zipLayout": 1} | zipLayout
            """)
    void refusesWithFieldOnSingleInputWorkflow(String why, String body, String field) {
        Reply reply = app.post("/workflows/" + single + "/runs", body);
        assertThat(reply.status()).as(why + ": " + reply).isEqualTo(400);
        assertThat(reply.errorCode()).isEqualTo("invalid_request");
        assertThat(reply.errorField()).isEqualTo(field);
        assertThat(reply.json().path("error").path("message").asText()).isNotBlank();
    }

    @Test
    void webhookUrlOfMoreThan1024CharactersIsRefusedAndExactly1024Accepted() {
        String prefix = "https://hooks.test/";
        String exact = prefix + "a".repeat(1024 - prefix.length());
        Reply ok = app.post("/workflows/" + single + "/runs", "{\"inputs\": {\"node_1\": " + file("http://x.test/a.png")
                + "}, \"webhookUrl\": \"" + exact + "\"}");
        assertThat(ok.status()).as(ok.toString()).isEqualTo(200);
        Reply tooLong = app.post("/workflows/" + single + "/runs", "{\"inputs\": {\"node_1\": "
                + file("http://x.test/a.png") + "}, \"webhookUrl\": \"" + exact + "a\"}");
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.errorField()).isEqualTo("webhookUrl");
    }

    @Test
    void aliasImageInputWorksForASingleInputNodeOnly() {
        Reply alias = app.post("/workflows/" + single + "/runs", "{\"inputs\": {\"imageInput\": "
                + file("http://x.test/a.png") + "}}");
        assertThat(alias.status()).as(alias.toString()).isEqualTo(200);
        JsonNode run = app.get("/workflows/runs/" + alias.json().path("id").asLong()).json();
        assertThat(run.path("items").get(0).path("uploadInputs").has("node_1")).isTrue();

        Reply ambiguous = app.post("/workflows/" + twoInputs + "/runs", "{\"inputs\": {\"imageInput\": "
                + file("http://x.test/a.png") + "}}");
        assertThat(ambiguous.status()).isEqualTo(400);
        assertThat(ambiguous.errorField()).isEqualTo("inputs.imageInput");
    }

    @Test
    void severalInputsPairFilesByIndexAndReuseASingleFile() {
        Reply paired = app.post("/workflows/" + twoInputs + "/runs", """
                {"inputs": {
                  "front": {"files": [{"url": "http://x.test/f1.png"}, {"url": "http://x.test/f2.png"}, {"url": "http://x.test/f3.png"}]},
                  "back": {"files": [{"url": "http://x.test/shared.png"}]}}}""");
        assertThat(paired.status()).as(paired.toString()).isEqualTo(200);
        assertThat(paired.json().path("totalItems").asInt()).isEqualTo(3);
        JsonNode items = app.get("/workflows/runs/" + paired.json().path("id").asLong()).json().path("items");
        assertThat(items.get(2).path("uploadInputs").path("front").path("fileName").asText()).isEqualTo("f3.png");
        assertThat(items.get(2).path("uploadInputs").path("back").path("fileName").asText()).isEqualTo("shared.png");

        Reply mismatched = app.post("/workflows/" + twoInputs + "/runs", """
                {"inputs": {
                  "front": {"files": [{"url": "http://x.test/f1.png"}, {"url": "http://x.test/f2.png"}, {"url": "http://x.test/f3.png"}]},
                  "back": {"files": [{"url": "http://x.test/b1.png"}, {"url": "http://x.test/b2.png"}]}}}""");
        assertThat(mismatched.status()).isEqualTo(400);
        assertThat(mismatched.errorField()).isIn("inputs.front.files", "inputs.back.files");

        Reply missingNode = app.post("/workflows/" + twoInputs + "/runs",
                "{\"inputs\": {\"front\": " + file("http://x.test/f1.png") + "}}");
        assertThat(missingNode.status()).isEqualTo(400);
        assertThat(missingNode.errorField()).isEqualTo("inputs.back");
    }

    @Test
    void atMostTenThousandFiles() {
        String files = IntStream.range(0, 10_001).mapToObj(i -> "{\"url\":\"http://x.test/" + i + ".png\"}")
                .collect(Collectors.joining(","));
        Reply reply = app.post("/workflows/" + single + "/runs", "{\"inputs\": {\"node_1\": {\"files\": [" + files + "]}}}");
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.errorField()).isEqualTo("inputs");
    }

    @Test
    void nameDefaultsToTheLastPathSegmentOfTheUrl() {
        Reply reply = app.post("/workflows/" + single + "/runs",
                "{\"inputs\": {\"node_1\": " + file("http://x.test/catalogue/red%20shoe.jpg?size=large") + "}}");
        JsonNode item = app.get("/workflows/runs/" + reply.json().path("id").asLong()).json().path("items").get(0);
        assertThat(item.path("uploadInputs").path("node_1").path("fileName").asText()).isEqualTo("red shoe.jpg");
    }

    @Test
    void unknownWorkflowIsNotFound() {
        Reply reply = app.post("/workflows/987654/runs", "{\"inputs\": {\"imageInput\": " + file("http://x.test/a.png") + "}}");
        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.errorCode()).isEqualTo("not_found");
    }

    @Test
    void refusedRequestsCreateNoRun() {
        long before = app.get("/workflows/runs?pageSize=1").json().path("total").asLong();
        app.post("/workflows/" + single + "/runs", "{\"inputs\": {\"node_9\": " + file("http://x.test/a.png") + "}}");
        app.post("/workflows/" + single + "/runs", "{\"zipLayout\": \"tree\"}");
        assertThat(app.get("/workflows/runs?pageSize=1").json().path("total").asLong()).isEqualTo(before);
    }
}
