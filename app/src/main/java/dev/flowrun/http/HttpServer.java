package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.AuthService;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.Thumbnails;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.run.RunArchives;
import dev.flowrun.run.RunService;
import dev.flowrun.webhook.WebhookStatusService;
import dev.flowrun.workflow.WorkflowRequests;
import dev.flowrun.workflow.WorkflowService;
import io.javalin.Javalin;
import io.javalin.json.JavalinJackson;
import java.util.Map;

/** The HTTP side: routes, authentication, and error mapping, on Javalin. */
public final class HttpServer {
    private final Javalin javalin;

    public HttpServer(Services services, ObjectMapper mapper) {
        var workflowRoutes = new WorkflowRoutes(services.workflows(), services.workflowRequests(), mapper);
        var runRoutes = new RunRoutes(services.runs(), services.webhookStatus(), mapper);
        var adminRoutes = new AdminRoutes(services.auth(), services.adminToken(), mapper);
        var fileRoutes = new FileRoutes(services.store(), services.signer(), services.archives(), services.thumbnails());
        var dashboardRoutes = new DashboardRoutes(services.publicUrl());
        this.javalin = Javalin.create(config -> {
            config.startup.showJavalinBanner = false;
            config.startup.showOldJavalinVersionWarning = false;
            config.http.maxRequestSize = Requests.MAX_BODY;
            config.jsonMapper(new JavalinJackson(mapper, false));
            config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler()));
            ErrorMapping.install(config.routes);
            config.routes.beforeMatched("/workflows*", ctx ->
                    ctx.attribute(Requests.CALLER, services.auth().authenticate(ctx.header("Authorization"))));
            config.routes.get("/health", ctx -> ctx.json(Map.of("status", "ok")));
            fileRoutes.register(config.routes);
            runRoutes.register(config.routes);
            workflowRoutes.register(config.routes);
            adminRoutes.register(config.routes);
            dashboardRoutes.register(config.routes);
        });
    }

    /** Starts listening and answers the port actually bound (the configured one, or a free one for 0). */
    public int start(int port) {
        javalin.start(port);
        return javalin.port();
    }

    public void stop() {
        javalin.stop();
    }

    /** What the routes call into; built by the composition root. */
    public record Services(AuthService auth, WorkflowService workflows, WorkflowRequests workflowRequests,
                           RunService runs, FileStore store, UrlSigner signer, RunArchives archives,
                           Thumbnails thumbnails, WebhookStatusService webhookStatus, String adminToken,
                           String publicUrl) {
    }
}
