package dev.flowrun.http;

import dev.flowrun.auth.AuthService;
import io.javalin.config.RoutesConfig;

/** {@code GET /service}: the service's settings a client shows (OpenAPI document, "service"). */
final class ServiceRoutes {
    private final ServiceInfo info;
    private final AuthService auth;

    ServiceRoutes(ServiceInfo info, AuthService auth) {
        this.info = info;
        this.auth = auth;
    }

    void register(RoutesConfig routes) {
        routes.beforeMatched("/service", ctx ->
                ctx.attribute(Requests.CALLER, auth.authenticate(ctx.header("Authorization"))));
        routes.get("/service", ctx -> ctx.json(info));
    }
}
