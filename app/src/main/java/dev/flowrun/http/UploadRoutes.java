package dev.flowrun.http;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.upload.FormReceiver;
import dev.flowrun.upload.Uploads;
import io.javalin.config.RoutesConfig;

/** {@code POST /uploads} (README, Walk-through with curl): local files in, signed URLs that create accepts out. */
record UploadRoutes(Uploads uploads, Credentials credentials) {
    void register(RoutesConfig routes) {
        credentials.requireKey(routes, "/uploads");
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
