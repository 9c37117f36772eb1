package dev.flowrun.auth;

import static dev.flowrun.support.ApiAssertions.TIMESTAMP;
import static dev.flowrun.support.ApiAssertions.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The admin endpoints (workspaces and keys), and the first key printed on an empty database. */
class AdminTest {
    static final String ADMIN = "Bearer " + TestApp.ADMIN_TOKEN;
    static final AtomicInteger NAMES = new AtomicInteger();
    @RegisterExtension
    static final TestApp app = TestApp.forClass();

    static String uniqueName() {
        return "team-" + NAMES.incrementAndGet() + "-" + System.nanoTime();
    }

    static JsonNode createWorkspace(String name) {
        Reply reply = app.send("POST", "/admin/workspaces", "{\"name\": \"" + name + "\"}", ADMIN);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    static JsonNode createKey(long workspaceId) {
        Reply reply = app.send("POST", "/admin/workspaces/" + workspaceId + "/keys", null, ADMIN);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    @Test
    void adminEndpointsAreAbsentWithoutAdminToken() {
        try (TestApp plain = TestApp.start(Map.of("FLOWRUN_ADMIN_TOKEN", ""))) {
            assertError(plain.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", ADMIN), 404, "not_found");
            assertError(plain.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", null), 404, "not_found");
            assertError(plain.send("POST", "/admin/workspaces/1/keys", null, ADMIN), 404, "not_found");
            assertError(plain.send("DELETE", "/admin/keys/1", null, ADMIN), 404, "not_found");
            assertError(plain.send("DELETE", "/admin/keys/1", null, "Bearer "), 404, "not_found");
            // The API itself still works.
            assertThat(plain.get("/workflows").status()).isEqualTo(200);
        }
    }

    @Test
    void wrongOrMissingAdminTokenIsUnauthorized() {
        for (String auth : new String[] {"Bearer wrong-token", "Bearer " + TestApp.API_KEY, TestApp.API_KEY, "Bearer "}) {
            assertError(app.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", auth), 401, "unauthorized");
            assertError(app.send("POST", "/admin/workspaces/1/keys", null, auth), 401, "unauthorized");
            assertError(app.send("DELETE", "/admin/keys/1", null, auth), 401, "unauthorized");
        }
        assertError(app.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", null), 401, "unauthorized");
        assertError(app.send("POST", "/admin/workspaces", "{\"name\": \"x\"}", "Bearer " + TestApp.ADMIN_TOKEN + "x"),
                401, "unauthorized");
    }

    @Test
    void createWorkspaceAnswersIdNameCreatedAt() {
        String name = uniqueName();
        JsonNode workspace = createWorkspace(name);
        assertThat(fieldNames(workspace)).containsExactlyInAnyOrder("id", "name", "createdAt");
        assertThat(workspace.path("id").isIntegralNumber()).isTrue();
        assertThat(workspace.path("name").asText()).isEqualTo(name);
        assertThat(workspace.path("createdAt").asText()).matches(TIMESTAMP);
        assertThat(createWorkspace(uniqueName()).path("id").asLong()).isNotEqualTo(workspace.path("id").asLong());
    }

    @Test
    void oneNameRacedForByManyRequestsMakesOneWorkspaceAndNoServerError() throws Exception {
        String name = uniqueName();
        List<Reply> replies = Collections.synchronizedList(new ArrayList<>());
        var go = new CountDownLatch(1);
        List<Thread> racers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread racer = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                replies.add(app.send("POST", "/admin/workspaces", "{\"name\": \"" + name + "\"}", ADMIN));
            });
            racer.start();
            racers.add(racer);
        }
        go.countDown();
        for (Thread racer : racers) {
            racer.join(30_000);
        }

        assertThat(replies).hasSize(8);
        assertThat(replies.stream().filter(reply -> reply.status() == 201)).hasSize(1);
        for (Reply reply : replies) {
            if (reply.status() != 201) {
                assertError(reply, 400, "invalid_request");
                assertThat(reply.errorField()).isEqualTo("name");
            }
        }
    }

    @Test
    void workspaceNameIsRequired() {
        for (String body : new String[] {"{}", "{\"name\": \"\"}", "{\"name\": \"   \"}", "{\"name\": null}",
                "{\"name\": 5}"}) {
            Reply reply = app.send("POST", "/admin/workspaces", body, ADMIN);
            assertError(reply, 400, "invalid_request");
            assertThat(reply.errorField()).as(body).isEqualTo("name");
        }
        assertError(app.send("POST", "/admin/workspaces", "not json", ADMIN), 400, "invalid_json");
    }

    @Test
    void createKeyAnswersTheKeyOnce() {
        JsonNode workspace = createWorkspace(uniqueName());
        JsonNode key = createKey(workspace.path("id").asLong());
        assertThat(fieldNames(key)).containsExactlyInAnyOrder("id", "workspaceId", "key", "prefix", "createdAt");
        assertThat(key.path("id").isIntegralNumber()).isTrue();
        assertThat(key.path("workspaceId").asLong()).isEqualTo(workspace.path("id").asLong());
        assertThat(key.path("key").asText()).isNotBlank();
        assertThat(key.path("prefix").asText()).isNotBlank();
        assertThat(key.path("key").asText()).startsWith(key.path("prefix").asText())
                .isNotEqualTo(key.path("prefix").asText());
        assertThat(key.path("createdAt").asText()).matches(TIMESTAMP);
        JsonNode second = createKey(workspace.path("id").asLong());
        assertThat(second.path("key").asText()).isNotEqualTo(key.path("key").asText());
        assertThat(second.path("id").asLong()).isNotEqualTo(key.path("id").asLong());
    }

    /** Each of {@code paths} answers {@code method} with 404 not_found, even for the admin. */
    static void assertNotFound(String method, String... paths) {
        for (String path : paths) {
            assertError(app.send(method, path, null, ADMIN), 404, "not_found");
        }
    }

    @Test
    void keyForUnknownWorkspaceIsNotFound() {
        assertNotFound("POST", "/admin/workspaces/99999999/keys", "/admin/workspaces/abc/keys",
                "/admin/workspaces/0/keys");
    }

    @Test
    void newKeySeesOnlyItsOwnWorkspace() {
        Reply own = app.post("/workflows", TestWorkflow.named("default's own").input("in").output("out").chain().json());
        assertThat(own.status()).as(own.toString()).isEqualTo(201);
        List<Long> defaultIds = new ArrayList<>();
        app.get("/workflows").json().forEach(w -> defaultIds.add(w.path("id").asLong()));

        JsonNode workspace = createWorkspace(uniqueName());
        String key = createKey(workspace.path("id").asLong()).path("key").asText();
        Reply list = app.get("/workflows", "Bearer " + key);
        assertThat(list.status()).as(list.toString()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        for (JsonNode workflow : list.json()) {
            names.add(workflow.path("name").asText());
            assertThat(workflow.path("isTemplate").asBoolean()).as(workflow.toString()).isTrue();
            assertThat(workflow.path("workspaceId").asLong()).isEqualTo(workspace.path("id").asLong());
            assertThat(defaultIds).doesNotContain(workflow.path("id").asLong());
        }
        assertThat(names).contains("Remove background", "Product shot").doesNotContain("default's own");
        assertThat(app.get("/workflows/runs", key).json().path("items")).isEmpty();
        assertThat(app.get("/workflows/" + own.json().path("id").asLong(), key).status()).isEqualTo(404);
    }

    @Test
    void revokedKeyStopsWorkingAtOnce() {
        JsonNode workspace = createWorkspace(uniqueName());
        JsonNode key = createKey(workspace.path("id").asLong());
        String bearer = "Bearer " + key.path("key").asText();
        assertThat(app.get("/workflows", bearer).status()).isEqualTo(200);
        Reply deleted = app.send("DELETE", "/admin/keys/" + key.path("id").asLong(), null, ADMIN);
        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(204);
        assertError(app.get("/workflows", bearer), 401, "unauthorized");
        assertError(app.get("/workflows", key.path("key").asText()), 401, "unauthorized");
        // The default workspace's key is untouched.
        assertThat(app.get("/workflows").status()).isEqualTo(200);
    }

    @Test
    void revokingUnknownKeyIsNotFound() {
        assertNotFound("DELETE", "/admin/keys/99999999", "/admin/keys/abc", "/admin/keys/-1");
    }

    @Test
    void firstStartWithoutConfiguredKeyMakesOneKeyOnce() {
        try (TestApp fresh = TestApp.start(Map.of("FLOWRUN_API_KEY", ""))) {
            Optional<String> first = fresh.app().firstKey();
            assertThat(first).isPresent();
            Reply list = fresh.get("/workflows", "Bearer " + first.get());
            assertThat(list.status()).as(list.toString()).isEqualTo(200);
            assertThat(list.json().findValuesAsText("name")).contains("Remove background", "Product shot");
            assertError(fresh.get("/workflows", "Bearer " + TestApp.API_KEY), 401, "unauthorized");

            fresh.restart(Duration.ofSeconds(1));
            assertThat(fresh.app().firstKey()).isEmpty();
            assertThat(fresh.get("/workflows", "Bearer " + first.get()).status()).isEqualTo(200);
        }
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
