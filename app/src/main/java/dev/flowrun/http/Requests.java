package dev.flowrun.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.auth.Caller;
import dev.flowrun.error.InvalidJson;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.NotFound;
import dev.flowrun.error.PayloadTooLarge;
import io.javalin.http.Context;
import java.io.IOException;

/** Reading what every handler needs from a request: the caller, ids in the path, a JSON body. */
final class Requests {
    static final int MAX_BODY = 1024 * 1024;
    static final String CALLER = "flowrun.caller";

    private Requests() {
    }

    static Caller caller(Context ctx) {
        return ctx.attribute(CALLER);
    }

    static long workspace(Context ctx) {
        return caller(ctx).workspaceId();
    }

    /** A path id; anything that is not a positive whole number cannot name something that exists. */
    static long id(Context ctx, String name) {
        String text = ctx.pathParam(name);
        try {
            long id = Long.parseLong(text);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new NotFound(name + " '" + text + "' does not exist");
    }

    /** A free-text query parameter; null when absent. No stored text holds a NUL, and PostgreSQL cannot take one. */
    static String text(Context ctx, String name) {
        String value = ctx.queryParam(name);
        if (value != null && value.indexOf('\0') >= 0) {
            throw new InvalidRequest(name, name + " must not contain a NUL character (%00)");
        }
        return value;
    }

    static JsonNode json(Context ctx, ObjectMapper mapper) {
        long declared = ctx.req().getContentLengthLong();
        if (declared > MAX_BODY) {
            throw new PayloadTooLarge("the request body is larger than 1 MiB");
        }
        byte[] body = readBody(ctx);
        if (body.length == 0) {
            throw new InvalidJson("the request body is empty; a JSON object is expected");
        }
        try {
            JsonNode node = mapper.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw new InvalidJson("the request body is empty; a JSON object is expected");
            }
            JsonTextCheck.check(node);
            return node;
        } catch (JacksonException e) {
            throw new InvalidJson("the request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InvalidJson("the request body could not be read");
        }
    }

    private static byte[] readBody(Context ctx) {
        try (var in = ctx.req().getInputStream()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                throw new PayloadTooLarge("the request body is larger than 1 MiB");
            }
            return body;
        } catch (IOException e) {
            throw new InvalidJson("the request body could not be read");
        }
    }
}
