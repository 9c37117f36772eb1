package dev.flowrun.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import okhttp3.Headers;

/**
 * Sends bytes no well-behaved client would (bad request lines, broken headers, lying lengths) over a plain socket
 * and reads whatever comes back as a {@link Reply}. The request should say {@code Connection: close}.
 */
public final class RawHttp {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RawHttp() {
    }

    public static Reply send(int port, byte[] request) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return parse(readAll(socket.getInputStream()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one answer from a connection the caller wrote its request on. */
    public static Reply read(InputStream in) throws IOException {
        return parse(readAll(in));
    }

    public static Reply send(int port, String request) {
        return send(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one answer: up to the end of its body when it says how long that is, else up to end of stream. */
    private static byte[] readAll(InputStream in) throws IOException {
        var out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n; !complete(out.toByteArray()) && (n = in.read(buffer)) > 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // The server may reset the connection after answering; what arrived is the answer.
        }
        return out.toByteArray();
    }

    private static boolean complete(byte[] raw) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            return false;
        }
        var length = java.util.regex.Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$").matcher(text.substring(0, headEnd));
        if (length.find()) {
            return raw.length >= headEnd + 4 + Long.parseLong(length.group(1));
        }
        return text.endsWith("\r\n0\r\n\r\n");
    }

    private static Reply parse(byte[] raw) throws IOException {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        int headEnd = text.indexOf("\r\n\r\n");
        if (!text.startsWith("HTTP/1.1 ") || headEnd < 0) {
            return new Reply(0, null, raw, Headers.of());
        }
        String[] lines = text.substring(0, headEnd).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        var headers = new Headers.Builder();
        for (int i = 1; i < lines.length; i++) {
            headers.addUnsafeNonAscii(lines[i].substring(0, lines[i].indexOf(':')).trim(),
                    lines[i].substring(lines[i].indexOf(':') + 1).trim());
        }
        Headers parsed = headers.build();
        byte[] body = Arrays.copyOfRange(raw, headEnd + 4, raw.length);
        if ("chunked".equalsIgnoreCase(parsed.get("Transfer-Encoding"))) {
            body = dechunk(body);
        }
        JsonNode json = null;
        String type = parsed.get("Content-Type");
        if (type != null && type.startsWith("application/json") && body.length > 0) {
            json = MAPPER.readTree(body);
        }
        return new Reply(status, json, body, parsed);
    }

    private static byte[] dechunk(byte[] body) {
        var out = new ByteArrayOutputStream();
        int at = 0;
        while (at < body.length) {
            int lineEnd = indexOf(body, at);
            int size = Integer.parseInt(new String(body, at, lineEnd - at, StandardCharsets.US_ASCII).trim(), 16);
            if (size == 0) {
                break;
            }
            out.write(body, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] body, int from) {
        for (int i = from; i + 1 < body.length; i++) {
            if (body[i] == '\r' && body[i + 1] == '\n') {
                return i;
            }
        }
        return body.length;
    }
}
