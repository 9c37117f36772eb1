package dev.flowrun.upload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.time.Duration;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Uploads: a person with a folder of photos and no web server. Private networks are refused and the
 * public URL names a host that does not exist, so a run that completes read its files from the store: a download of
 * any of them would have failed.
 */
class LocalFilesTest {
    static final String PUBLIC_URL = "http://flowrun.invalid:9";
    @RegisterExtension
    static final TestApp app = TestApp.forClass(Map.of("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "false",
            "FLOWRUN_PUBLIC_URL", PUBLIC_URL));
    static long single;
    static long twoInputs;

    @BeforeAll
    static void start() {
        single = TestWorkflow.passThrough().create(app);
        twoInputs = TestWorkflow.twoInputs().create(app);
    }

    @Test
    void filePartsMakeARunOfLocalFilesAsCurlSendsThem() {
        byte[] shoe = Images.pngDisc();
        byte[] hat = Images.jpegDisc();
        Reply created = post("/workflows/" + single + "/runs", new FormBody()
                .file("file", "shoe.png", shoe).file("file", "hats/hat.jpg", hat));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        assertThat(created.json().path("status").asText()).isEqualTo("queued");
        assertThat(created.json().path("totalItems").asInt()).isEqualTo(2);
        assertThat(created.json().has("workspaceId")).isTrue();
        JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        JsonNode items = run.path("items");
        assertThat(items.get(0).path("uploadInputs").path("in").path("fileName").asText()).isEqualTo("shoe.png");
        assertThat(items.get(1).path("uploadInputs").path("in").path("fileName").asText()).isEqualTo("hats/hat.jpg");
        assertThat(fetch(items.get(0).path("uploadInputs").path("in").path("url").asText()).bytes()).isEqualTo(shoe);
        assertThat(fetch(items.get(1).path("outputs").get(0).path("url").asText()).status()).isEqualTo(200);
    }

    @Test
    void partsNamedAfterNodesFeedSeveralInputs() {
        Reply created = post("/workflows/" + twoInputs + "/runs", new FormBody()
                .file("file:front", "f1.png", Zips.png(1)).file("file:front", "f2.png", Zips.png(2))
                .file("file:back", "back.png", Zips.png(3)));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        assertThat(created.json().path("totalItems").asInt()).isEqualTo(2);
        JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("items").get(1).path("uploadInputs").path("front").path("fileName").asText()).isEqualTo("f2.png");
        assertThat(run.path("items").get(1).path("uploadInputs").path("back").path("fileName").asText()).isEqualTo("back.png");
    }

    @Test
    void aZipPartIsRunAsAZipUrlWouldBe() {
        byte[] zip = Zips.builder().add("shoes/red.png", Zips.png(4)).add("hats/blue.png", Zips.png(5)).build();
        Reply created = post("/workflows/" + single + "/runs", new FormBody()
                .file("zip", "catalogue.zip", zip).text("zipLayout", "flatten"));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        assertThat(created.json().path("totalItems").asInt()).as("counted once the archive is read").isZero();
        JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("totalItems").asInt()).isEqualTo(2);
        assertThat(run.path("items").findValuesAsText("fileName")).containsExactlyInAnyOrder("shoes/red.png", "hats/blue.png");
        assertThat(app.stores("runs/" + run.path("id").asLong() + "/source"))
                .as("the uploaded archive is let go once read").isFalse();
    }

    @Test
    void uploadsAnswerSignedUrlsThatCreateReadsFromTheStore() {
        byte[] png = Zips.png(6);
        byte[] zip = Zips.builder().add("a/one.png", Zips.png(7)).build();
        Reply uploaded = post("/uploads", new FormBody().file("file", "six.png", png).file("file", "set.zip", zip));
        assertThat(uploaded.status()).as(uploaded.toString()).isEqualTo(201);
        JsonNode files = uploaded.json().path("files");
        assertThat(files).hasSize(2);
        assertThat(files.get(0).path("id").isIntegralNumber()).isTrue();
        assertThat(files.get(0).path("name").asText()).isEqualTo("six.png");
        assertThat(files.get(0).path("size").asLong()).isEqualTo(png.length);
        String pngUrl = files.get(0).path("url").asText();
        String zipUrl = files.get(1).path("url").asText();
        assertThat(pngUrl).startsWith(PUBLIC_URL + "/files/");
        assertThat(fetch(pngUrl).bytes()).isEqualTo(png);

        Reply byUrl = app.post("/workflows/" + single + "/runs",
                "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + pngUrl + "\"}, {\"url\": \"" + pngUrl + "\", \"name\": \"again.png\"}]}}}");
        assertThat(byUrl.status()).as(byUrl.toString()).isEqualTo(200);
        JsonNode run = Runs.awaitEnd(app, byUrl.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("items").findValuesAsText("fileName")).containsExactly("six.png", "again.png");

        Reply byZip = app.post("/workflows/" + single + "/runs", "{\"zipUrl\": \"" + zipUrl + "\"}");
        assertThat(byZip.status()).as(byZip.toString()).isEqualTo(200);
        JsonNode zipRun = Runs.awaitEnd(app, byZip.json().path("id").asLong(), Duration.ofSeconds(60));
        assertThat(zipRun.path("status").asText()).as(zipRun.toString()).isEqualTo("completed");
        assertThat(zipRun.path("items").findValuesAsText("fileName")).containsExactly("a/one.png");
    }

    @Test
    void aFileUrlOfThisServiceThatIsForgedIsRefusedNamingTheField() {
        Reply uploaded = post("/uploads", new FormBody().file("file", "x.png", Zips.png(8)));
        String url = uploaded.json().path("files").get(0).path("url").asText();
        String forged = url.replace("x.png", "y.png");
        Reply reply = app.post("/workflows/" + single + "/runs",
                "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"" + url + "\"}, {\"url\": \"" + forged + "\"}]}}}");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.errorField()).isEqualTo("inputs.in.files[1].url");
    }

    @Test
    void formRefusalsComeInTheOrderOfJsonCreateAndNameTheParts() {
        FormBody badHook = new FormBody().file("file", "a.png", Zips.png(1)).text("webhookUrl", "http://hooks.test/x");
        assertThat(post("/workflows/999999/runs", badHook).status()).as("unknown workflow before fields").isEqualTo(404);
        expect400(post("/workflows/" + single + "/runs", badHook), "webhookUrl");
        expect400(post("/workflows/" + single + "/runs", new FormBody().file("file", "a.png", Zips.png(1))
                .text("zipLayout", "tree")), "zipLayout");
        expect400(post("/workflows/" + single + "/runs", new FormBody().file("file", "a.png", Zips.png(1))
                .file("zip", "a.zip", Zips.builder().add("b.png", Zips.png(2)).build())), "zip");
        expect400(post("/workflows/" + single + "/runs", new FormBody().text("zipLayout", "flatten")), "file");
        expect400(post("/workflows/" + single + "/runs", new FormBody().file("file:nope", "a.png", Zips.png(1))),
                "file:nope");
        expect400(post("/workflows/" + single + "/runs", new FormBody().file("files", "a.png", Zips.png(1))), "files");
        expect400(post("/workflows/" + single + "/runs", new FormBody().text("file", "not a file")), "file");
        Reply twoNodes = post("/workflows/" + twoInputs + "/runs", new FormBody().file("file", "a.png", Zips.png(1)));
        expect400(twoNodes, "file");
        assertThat(twoNodes.json().path("error").path("message").asText()).contains("file:front");
        expect400(post("/workflows/" + twoInputs + "/runs", new FormBody().file("file:front", "a.png", Zips.png(1))),
                "file:back");
    }

    @Test
    void aBodyThatIsNeitherJsonNorAFormIsToldWhatIsAccepted() {
        Reply text = app.call(new Request.Builder().url(app.baseUrl() + "/workflows/" + single + "/runs")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(RequestBody.create("photo.jpg", MediaType.get("text/plain"))).build());
        assertThat(text.status()).isEqualTo(400);
        assertThat(text.errorCode()).isEqualTo("invalid_json");
        assertThat(text.json().path("error").path("message").asText())
                .contains("application/json").contains("multipart/form-data").contains("-F file=@");
        Reply noBoundary = app.call(new Request.Builder().url(app.baseUrl() + "/workflows/" + single + "/runs")
                .header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(RequestBody.create("--x--", MediaType.get("multipart/form-data"))).build());
        expect400(noBoundary, "Content-Type");
    }

    @Test
    void uploadsTakeFilePartsOnlyAndACredential() {
        Reply json = app.post("/uploads", "{\"file\": \"a.png\"}");
        expect400(json, "Content-Type");
        expect400(post("/uploads", new FormBody().file("zip", "a.zip", new byte[10])), "zip");
        expect400(post("/uploads", new FormBody().text("note", "x")), "note");
        expect400(post("/uploads", new FormBody()), "file");
        Reply anonymous = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                .post(new FormBody().file("file", "a.png", Zips.png(1)).requestBody()).build());
        assertThat(anonymous.status()).isEqualTo(401);
    }

    static void expect400(Reply reply, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.errorCode()).isEqualTo("invalid_request");
        assertThat(reply.errorField()).as(reply.toString()).isEqualTo(field);
    }

    static Reply post(String path, FormBody form) {
        return app.call(new Request.Builder().url(app.baseUrl() + path)
                .header("Authorization", "Bearer " + TestApp.API_KEY).post(form.requestBody()).build());
    }

    /** A URL handed out names the public host; the test reaches the same path on the app itself. */
    static Reply fetch(String url) {
        return app.fetch(url.replace(PUBLIC_URL, app.baseUrl()));
    }

}
