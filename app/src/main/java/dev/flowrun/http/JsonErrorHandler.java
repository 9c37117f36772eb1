package dev.flowrun.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty answers itself, before Javalin sees the request (a malformed URI or header, say), in the
 * API's error JSON rather than Jetty's HTML page.
 */
final class JsonErrorHandler extends ErrorHandler {

    /** Jetty writes error bodies only for GET, POST and HEAD by default; a bad PUT or DELETE deserves one too. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int status, String message, Throwable cause,
                                    Callback callback) throws IOException {
        if (status == 505) {
            // "HTTP/9.9" is the client's mistake like any other unreadable request line: not a server error.
            status = 400;
            response.setStatus(status);
        }
        String code = switch (status) {
            case 404, 405 -> "not_found";
            case 413 -> "payload_too_large";
            case 400, 414, 431 -> "invalid_request";
            default -> status >= 500 ? "internal_error" : "invalid_request";
        };
        String text = status >= 500 ? "something went wrong on our side; the error has been logged"
                : "the request could not be read (HTTP " + status + ")";
        String field = "invalid_request".equals(code) ? ",\"field\":\"request\"" : "";
        byte[] body = ("{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + text + "\"" + field + "}}")
                .getBytes(StandardCharsets.UTF_8);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
