package dev.flowrun.http;

import dev.flowrun.events.RunEventHub;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.UncheckedIOException;

/** {@code GET /workflows/runs/{runId}/events}: a run's live events as Server-Sent Events (see the OpenAPI document). */
final class EventRoutes {
    private final RunEventHub hub;

    EventRoutes(RunEventHub hub) {
        this.hub = hub;
    }

    void register(RoutesConfig routes) {
        routes.get("/workflows/runs/{runId}/events", this::stream);
    }

    private void stream(Context ctx) {
        long workspace = Requests.workspace(ctx);
        long runId = Requests.id(ctx, "runId");
        Long lastEventId = lastEventId(ctx.header("Last-Event-ID"));
        // Before the answer starts: another workspace's run is a 404 like any.
        var now = hub.current(workspace, runId);
        ctx.future(() -> {
            // In async mode from here on: the request holds no thread while the stream is open.
            ctx.req().getAsyncContext().setTimeout(0);
            var res = ctx.res();
            res.setStatus(200);
            res.setContentType("text/event-stream;charset=utf-8");
            res.setHeader("Cache-Control", "no-cache");
            res.setHeader("X-Accel-Buffering", "no");
            try {
                SseStream stream = new SseStream(res.getOutputStream());
                var done = stream.start();
                hub.open(now, lastEventId, stream);
                return done;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The id a reconnecting client last got; one that is not an id is ignored (the stream starts afresh). */
    private static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            long id = Long.parseLong(header.strip());
            return id >= 0 ? id : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
