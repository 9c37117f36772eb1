package dev.flowrun.http;

import io.javalin.config.RoutesConfig;

/** {@code GET /service}: the service's settings a client shows (OpenAPI document, "service"). */
record ServiceRoutes(ServiceInfo info, Credentials credentials) {
    void register(RoutesConfig routes) {
        credentials.requireKey(routes, "/service");
        routes.get("/service", ctx -> ctx.json(info));
    }
}
