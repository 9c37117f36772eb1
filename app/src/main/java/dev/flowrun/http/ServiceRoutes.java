package dev.flowrun.http;

import io.javalin.config.RoutesConfig;

/** {@code GET /service}: the service's settings a client shows (OpenAPI document, "service"). */
final class ServiceRoutes {
    private final ServiceInfo info;
    private final Credentials credentials;

    ServiceRoutes(ServiceInfo info, Credentials credentials) {
        this.info = info;
        this.credentials = credentials;
    }

    void register(RoutesConfig routes) {
        routes.beforeMatched("/service", ctx ->
                ctx.attribute(Requests.CALLER, credentials.caller(ctx)));
        routes.get("/service", ctx -> ctx.json(info));
    }
}
