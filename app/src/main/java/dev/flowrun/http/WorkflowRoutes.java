package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.workflow.WorkflowRequests;
import dev.flowrun.workflow.WorkflowService;
import io.javalin.config.RoutesConfig;

/** {@code /workflows}: reads and writes of workflows (openapi.json). */
final class WorkflowRoutes {
    private final WorkflowService workflows;
    private final WorkflowRequests requests;
    private final ObjectMapper mapper;

    WorkflowRoutes(WorkflowService workflows, WorkflowRequests requests, ObjectMapper mapper) {
        this.workflows = workflows;
        this.requests = requests;
        this.mapper = mapper;
    }

    /** Registered after the {@code /workflows/runs…} routes, which {@code /workflows/{id}} would otherwise shadow. */
    void register(RoutesConfig routes) {
        routes.get("/workflows", ctx -> ctx.json(workflows.list(Requests.workspace(ctx))));
        routes.post("/workflows", ctx -> {
            var draft = requests.forCreate(Requests.json(ctx, mapper));
            ctx.status(201).json(workflows.create(Requests.workspace(ctx), Requests.caller(ctx).keyId(), draft));
        });
        routes.get("/workflows/{id}", ctx -> ctx.json(workflows.get(Requests.workspace(ctx), Requests.id(ctx, "id"))));
        routes.put("/workflows/{id}", ctx -> {
            long id = Requests.id(ctx, "id");
            long workspace = Requests.workspace(ctx);
            workflows.get(workspace, id);
            ctx.json(workflows.update(workspace, id, requests.forUpdate(Requests.json(ctx, mapper))));
        });
        routes.delete("/workflows/{id}", ctx -> {
            workflows.delete(Requests.workspace(ctx), Requests.id(ctx, "id"));
            ctx.status(204);
        });
    }
}
