package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.run.ItemFilter;
import dev.flowrun.run.PageRequest;
import dev.flowrun.run.IdempotentCreate;
import dev.flowrun.run.RunFilter;
import dev.flowrun.run.RunRetries;
import dev.flowrun.run.RunService;
import dev.flowrun.upload.Uploads;
import dev.flowrun.webhook.WebhookStatusService;
import io.javalin.config.RoutesConfig;
import io.javalin.http.ContentType;
import java.util.Map;

/** {@code /workflows/runs…} and {@code POST /workflows/{id}/runs} (openapi.json). */
record RunRoutes(RunService runs, IdempotentCreate creates, RunRetries retries, Uploads uploads,
                 WebhookStatusService webhookStatus, ObjectMapper mapper) {
    void register(RoutesConfig routes) {
        routes.get("/workflows/runs", ctx -> {
            var filter = RunFilter.parse(Requests.workspace(ctx), ctx.queryParam("status"), ctx.queryParam("workflowId"),
                    ctx.queryParam("paused"), ctx.queryParam("priority"));
            ctx.json(runs.list(filter, PageRequest.parse(ctx.queryParam("page"), ctx.queryParam("pageSize"))));
        });
        routes.get("/workflows/runs/{runId}", ctx -> {
            var page = PageRequest.parse(ctx.queryParam("page"), ctx.queryParam("pageSize"));
            var filter = ItemFilter.parse(Requests.text(ctx, "q"), ctx.queryParam("review"));
            byte[] json = runs.get(Requests.workspace(ctx), Requests.id(ctx, "runId"), page, filter);
            ctx.contentType(ContentType.APPLICATION_JSON).result(json);
        });
        routes.post("/workflows/runs/{runId}/cancel", ctx ->
                ctx.json(Map.of("ok", runs.cancel(Requests.workspace(ctx), Requests.id(ctx, "runId")))));
        routes.post("/workflows/runs/{runId}/pause", ctx ->
                ctx.json(Map.of("ok", runs.pause(Requests.workspace(ctx), Requests.id(ctx, "runId")))));
        routes.post("/workflows/runs/{runId}/resume", ctx ->
                ctx.json(Map.of("ok", runs.resume(Requests.workspace(ctx), Requests.id(ctx, "runId")))));
        routes.get("/workflows/runs/{runId}/items/{itemId}", ctx -> ctx.json(runs.item(Requests.workspace(ctx),
                Requests.id(ctx, "runId"), Requests.id(ctx, "itemId"))));
        routes.get("/workflows/runs/{runId}/download", ctx ->
                ctx.json(runs.download(Requests.workspace(ctx), Requests.id(ctx, "runId"))));
        routes.get("/workflows/runs/{runId}/webhook", ctx ->
                ctx.json(webhookStatus.status(Requests.workspace(ctx), Requests.id(ctx, "runId"))));
        routes.post("/workflows/runs/{runId}/retry", ctx ->
                ctx.json(retries.retry(Requests.workspace(ctx), Requests.id(ctx, "runId"))));
        routes.post("/workflows/{id}/runs", ctx -> {
            long workspace = Requests.workspace(ctx);
            long workflowId = Requests.id(ctx, "id");
            // Checked before the body is read: a bad key must not cost a whole upload first.
            String key = IdempotentCreate.key(ctx.header("Idempotency-Key"));
            // The body lets go of the request's JSON once checked, so nothing holds it while the run is stored.
            IdempotentCreate.Answer answer = creates.create(workspace, workflowId, key,
                    CreateBodies.read(ctx, mapper, uploads, key != null));
            if (answer.replayed()) {
                ctx.header("Idempotent-Replayed", "true");
            }
            ctx.json(answer.run());
        });
    }
}
