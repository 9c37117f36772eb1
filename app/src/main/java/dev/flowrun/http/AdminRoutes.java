package dev.flowrun.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.error.InvalidJson;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.KnownFields;
import dev.flowrun.error.NotFound;
import dev.flowrun.error.Unauthorized;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Workspaces and keys (README, Workspaces and keys), behind {@code FLOWRUN_ADMIN_TOKEN}; absent altogether without it. */
record AdminRoutes(AuthService auth, Credentials credentials, String adminToken, ObjectMapper mapper) {
    private static final KnownFields WORKSPACE = KnownFields.of("name");

    void register(RoutesConfig routes) {
        routes.post("/admin/workspaces", ctx -> {
            requireAdmin(ctx);
            String name = workspaceName(Requests.json(ctx, mapper));
            ctx.status(201).json(auth.createWorkspace(name).orElseThrow(() ->
                    new InvalidRequest("name", "a workspace named '" + name + "' already exists")));
        });
        routes.post("/admin/workspaces/{id}/keys", ctx -> {
            requireAdmin(ctx);
            ctx.status(201).json(auth.createKey(Requests.id(ctx, "id")));
        });
        routes.delete("/admin/keys/{id}", ctx -> {
            requireAdmin(ctx);
            auth.revokeKey(Requests.id(ctx, "id"));
            ctx.status(204);
        });
    }

    private void requireAdmin(Context ctx) {
        if (adminToken == null) {
            throw new NotFound("no such endpoint: " + ctx.method() + " " + ctx.path());
        }
        credentials.checked(ctx, () -> {
            String header = ctx.header("Authorization");
            String given = header == null ? "" : header.strip();
            if (given.regionMatches(true, 0, "Bearer ", 0, 7)) {
                given = given.substring(7).strip();
            }
            if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                    adminToken.getBytes(StandardCharsets.UTF_8))) {
                throw new Unauthorized("the admin token is missing or wrong");
            }
            return null;
        });
    }

    private static String workspaceName(JsonNode body) {
        if (!body.isObject()) {
            throw new InvalidJson("the request body must be a JSON object");
        }
        WORKSPACE.check(body, "");
        JsonNode name = body.get("name");
        if (name == null || name.isNull()) {
            throw new InvalidRequest("name", "name is required");
        }
        if (!name.isTextual() || name.asText().isBlank()) {
            throw new InvalidRequest("name", "name must be a non-empty string");
        }
        if (name.asText().length() > 200) {
            throw new InvalidRequest("name", "name must be at most 200 characters");
        }
        return name.asText().strip();
    }
}
