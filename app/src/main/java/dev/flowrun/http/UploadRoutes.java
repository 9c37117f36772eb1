package dev.flowrun.http;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.upload.FormReceiver;
import dev.flowrun.upload.Uploads;
import io.javalin.config.RoutesConfig;

/** {@code POST /uploads} (README, Walk-through with curl): local files in, signed URLs that create accepts out. */
final class UploadRoutes {
    private final Uploads uploads;
    private final Credentials credentials;

    UploadRoutes(Uploads uploads, Credentials credentials) {
        this.uploads = uploads;
        this.credentials = credentials;
    }

    void register(RoutesConfig routes) {
        routes.beforeMatched("/uploads", ctx ->
                ctx.attribute(Requests.CALLER, credentials.caller(ctx)));
        routes.post("/uploads", ctx -> {
            String type = ctx.header("Content-Type");
            if (!FormReceiver.isForm(type)) {
                throw new InvalidRequest("Content-Type", "POST /uploads takes multipart/form-data with file parts"
                        + " (curl -F file=@photo.jpg -F file=@photos.zip)");
            }
            ctx.status(201).json(uploads.upload(Requests.workspace(ctx), ctx.req().getInputStream(), type));
        });
    }
}
