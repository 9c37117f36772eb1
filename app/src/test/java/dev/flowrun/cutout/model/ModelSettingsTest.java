package dev.flowrun.cutout.model;

import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.App;
import dev.flowrun.Config;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FLOWRUN_BG_MODEL and removeBackground's {@code method}, over HTTP (the 320² stand-in model, and ISNet once). */
class ModelSettingsTest {
    @TempDir
    Path dir;

    static String workflow(String removeBackgroundData) {
        return TestWorkflow.named("cut").input("in").node("cut", "removeBackground", removeBackgroundData)
                .output("out", "{\"format\": \"png\"}").chain().json();
    }

    @Test
    void methodModelIsRefusedWhenNoModelIsConfigured() {
        try (TestApp app = TestApp.start()) {
            var error = assertError(app.post("/workflows", workflow("{\"method\": \"model\"}")), 400,
                    "invalid_workflow");
            assertThat(error.path("message").asText()).contains("method").contains("FLOWRUN_BG_MODEL");
            assertThat(app.post("/workflows", workflow("{\"method\": \"auto\"}")).status()).isEqualTo(201);
            assertThat(app.post("/workflows", workflow("{\"method\": \"classic\", \"tolerance\": 20}")).status())
                    .isEqualTo(201);
            assertError(app.post("/workflows", workflow("{\"method\": \"neural\"}")), 400, "invalid_workflow");
            assertError(app.post("/workflows", workflow("{\"method\": 1}")), 400, "invalid_workflow");
        }
    }

    @Test
    void theIsnetFileTheSettingNamesIsLoadedByTheServiceAndCutsOut() {
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_BG_MODEL", TestModel.isnet().toString()));
             FileServer files = new FileServer().serve("/disc.png", Images.pngDisc())) {
            assertThat(app.get("/service").json().path("cutout").path("autoMethod").asText()).isEqualTo("model");
            Reply saved = app.post("/workflows", workflow("{\"method\": \"model\"}"));
            long runId = Runs.create(app, saved.json().path("id").asLong(), List.of(files.url("/disc.png")));
            JsonNode run = Runs.awaitEnd(app, runId, Duration.ofMinutes(5));
            assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
            JsonNode states = app.get("/workflows/runs/" + runId + "/items/" + run.path("items").get(0).path("id")
                    .asLong()).json().path("item").path("nodeStates");
            List<String> methods = new ArrayList<>();
            states.forEach(state -> methods.add(state.path("nodeId").asText() + " " + state.path("method").asText()));
            assertThat(methods).as(states.toString()).contains("cut model");
        }
    }

    @Test
    void aModelFetchedIntoTheDataDirectoryIsUsedWithNoSetting() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.createDirectories(ModelStore.folder(data));
        Files.write(ModelStore.defaultModel(data), TinyOnnx.channelMean(320));
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_DATA_DIR", data.toString()))) {
            Reply saved = app.post("/workflows", workflow("{\"method\": \"model\"}"));
            assertThat(saved.status()).as(saved.toString()).isEqualTo(201);
        }
    }

    @Test
    void anUnusableModelFileStopsStartUpBeforeTheKeyIsMade() throws Exception {
        Path garbage = Files.writeString(dir.resolve("model.onnx"), "this is not an ONNX model");
        Path data = dir.resolve("data");
        Config config = Config.fromEnv(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", data.toString(),
                "FLOWRUN_BG_MODEL", garbage.toString()));
        assertThatThrownBy(() -> App.builder(config).start()).isInstanceOf(ModelUnavailable.class)
                .hasMessageContaining(garbage.toString()).hasMessageNotContaining("\n");
        // The model loads while the database opens, so the database may be there, but no workspace and no key:
        // the next start makes them and shows the key.
        App next = App.builder(Config.fromEnv(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", data.toString())))
                .start();
        try {
            assertThat(next.firstKey()).isPresent();
        } finally {
            next.stop(Duration.ZERO);
        }
        Config missing = Config.fromEnv(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", data.toString(),
                "FLOWRUN_BG_MODEL", dir.resolve("nowhere.onnx").toString()));
        assertThatThrownBy(() -> App.builder(missing).start()).isInstanceOf(ModelUnavailable.class)
                .hasMessageContaining("nowhere.onnx");
    }

    @Test
    void aBadFamilySettingStopsStartUpNamingTheVariable() {
        assertThatThrownBy(() -> Config.fromEnv(Map.of("FLOWRUN_BG_MODEL_FAMILY", "size=12")))
                .isInstanceOf(Config.ConfigException.class).hasMessageContaining("FLOWRUN_BG_MODEL_FAMILY");
        assertThat(Config.fromEnv(Map.of("FLOWRUN_BG_MODEL_FAMILY", "u2net")).bgModelFamily())
                .isEqualTo(ModelFamily.U2NET);
    }

    @Test
    void theSpinningSettingIsTrueUnlessSetFalse() {
        assertThat(Config.fromEnv(Map.of()).bgModelSpinning()).isTrue();
        assertThat(Config.fromEnv(Map.of("FLOWRUN_BG_MODEL_SPINNING", "true")).bgModelSpinning()).isTrue();
        assertThat(Config.fromEnv(Map.of("FLOWRUN_BG_MODEL_SPINNING", "FALSE")).bgModelSpinning()).isFalse();
        assertThatThrownBy(() -> Config.fromEnv(Map.of("FLOWRUN_BG_MODEL_SPINNING", "sometimes")))
                .isInstanceOf(Config.ConfigException.class).hasMessageContaining("FLOWRUN_BG_MODEL_SPINNING");
    }
}
