package dev.flowrun.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.error.InvalidJson;
import dev.flowrun.run.CreateBody;
import dev.flowrun.upload.FormReceiver;
import dev.flowrun.upload.Uploads;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The body of {@code POST /workflows/{id}/runs}: a multipart form when its Content-Type says so, JSON otherwise (as
 * before: {@code curl -d} sends JSON labelled as a form). A body that is neither is told what is accepted.
 */
final class CreateBodies {
    static final String ACCEPTED = "this endpoint takes a JSON object (Content-Type: application/json) or"
            + " multipart/form-data with file parts (curl -F file=@photo.jpg)";

    private CreateBodies() {
    }

    static CreateBody read(Context ctx, ObjectMapper mapper, Uploads uploads, boolean digest) {
        String type = ctx.header("Content-Type");
        if (FormReceiver.isForm(type)) {
            try {
                return uploads.createBody(ctx.req().getInputStream(), type, digest);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try {
            return CreateBody.json(Requests.json(ctx, mapper));
        } catch (InvalidJson e) {
            throw new InvalidJson(e.getMessage() + "; " + ACCEPTED);
        }
    }
}
