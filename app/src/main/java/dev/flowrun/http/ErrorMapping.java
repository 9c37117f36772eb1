package dev.flowrun.http;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.error.ApiException;
import dev.flowrun.error.InsufficientStorage;
import dev.flowrun.error.RangeNotSatisfiable;
import dev.flowrun.error.RateLimited;
import dev.flowrun.files.MissingStoredFile;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.DiskFull;
import dev.flowrun.files.DiskSpace;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one place where failures become the API's error JSON ({@code Error} in openapi.json). Nothing else writes an error. */
final class ErrorMapping {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapping.class);
    private static final Map<String, Integer> STATUS = Map.of(
            "invalid_json", 400,
            "invalid_request", 400,
            "invalid_workflow", 400,
            "unauthorized", 401,
            "forbidden", 403,
            "not_found", 404,
            "conflict", 409,
            "gone", 410,
            "payload_too_large", 413,
            "insufficient_storage", 507);
    /**
     * How long a client is asked to wait while the store or the database is down: long enough not to hammer it,
     * short enough to come back soon after it does.
     */
    static final int RETRY_AFTER_SECONDS = 5;

    private ErrorMapping() {
    }

    static void install(RoutesConfig routes, DatabaseAvailability database, DiskSpace disk) {
        routes.exception(ApiException.class, (e, ctx) -> write(ctx, STATUS.getOrDefault(e.code(), 400), e.code(),
                e.getMessage(), e.field()));
        routes.exception(RangeNotSatisfiable.class, (e, ctx) -> {
            // RFC 9110 §15.5.17: the answer says how big the file is, so the client can ask again.
            ctx.header("Content-Range", "bytes */" + e.size());
            write(ctx, 416, e.code(), e.getMessage(), null);
        });
        routes.exception(RateLimited.class, (e, ctx) -> {
            ctx.header("Retry-After", Long.toString(e.retryAfterSeconds()));
            write(ctx, 429, e.code(), e.getMessage(), null);
        });
        routes.exception(DatabaseAway.class, (e, ctx) -> unavailable(ctx));
        routes.exception(HttpResponseException.class, (e, ctx) -> fromFramework(ctx, e.getStatus()));
        routes.exception(Exception.class, (e, ctx) -> {
            MissingStoredFile missing = MissingStoredFile.in(e);
            if (missing != null) {
                // A store restored from an old backup, say: nothing made of the file is served until it is back.
                LOG.warn("{} {}: {}", ctx.method(), ctx.path(), missing.getMessage());
                ctx.header("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
                write(ctx, 503, "service_unavailable", "a stored file this needs is missing from the file store right"
                        + " now; try again later", null);
                return;
            }
            StorageUnavailable storage = StorageUnavailable.in(e);
            if (storage != null) {
                // Not the caller's fault nor a bug: the store is down or refusing; it comes back by itself.
                LOG.warn("{} {}: {}", ctx.method(), ctx.path(), storage.getMessage());
                ctx.header("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
                write(ctx, 503, "service_unavailable", "the file store cannot be reached right now; try again shortly",
                        null);
                return;
            }
            // Faults of the database or the disk are not the caller's: told as such, logged once by what watches
            // them (DatabaseAvailability, DiskSpace), never with a stack trace per request.
            if (DiskFull.in(e)) {
                disk.recheck();
                write(ctx, 507, "insufficient_storage", InsufficientStorage.MESSAGE, null);
                return;
            }
            if (database.report(e)) {
                unavailable(ctx);
                return;
            }
            LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
            write(ctx, 500, "internal_error", "something went wrong on our side; the error has been logged", null);
        });
        // Statuses set without an exception (an unmatched path, say) get the same body.
        for (int status : new int[] {400, 404, 405, 413, 500}) {
            routes.error(status, ctx -> {
                if (!isJson(ctx)) {
                    fromFramework(ctx, status);
                }
            });
        }
    }

    static void unavailable(Context ctx) {
        ctx.header("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
        write(ctx, 503, "service_unavailable", "the service's database cannot be reached right now; try again in a"
                + " few seconds", null);
    }

    static void fromFramework(Context ctx, int status) {
        switch (status) {
            case 404, 405 -> write(ctx, 404, "not_found", "no such endpoint: " + ctx.method() + " " + ctx.path(), null);
            case 413 -> write(ctx, 413, "payload_too_large", "the request body is larger than 1 MiB", null);
            case 400 -> write(ctx, 400, "invalid_request", "the request could not be read", "request");
            default -> write(ctx, 500, "internal_error", "something went wrong on our side; the error has been logged", null);
        }
    }

    static void write(Context ctx, int status, String code, String message, String field) {
        ctx.status(status).json(ErrorBody.of(code, message, field));
    }

    private static boolean isJson(Context ctx) {
        String type = ctx.res().getContentType();
        return type != null && type.startsWith("application/json") && ctx.result() != null && !ctx.result().isEmpty();
    }
}
