package dev.flowrun.upload;

import dev.flowrun.input.BlockInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a {@code multipart/form-data} body (RFC 7578, RFC 2046 §5.1) one part at a time as it arrives. A part's
 * content is a stream that ends where the next boundary starts, so a part of any size passes through one fixed
 * buffer and is never held whole: the caller decides where each byte goes (and when to stop) as it reads.
 *
 * <p>Not Jetty's or Javalin's parser: {@code ctx.uploadedFiles()} calls the servlet's {@code getParts()}, which
 * reads the whole body into parts (in {@code java.io.tmpdir}, one size limit for every part) before the handler
 * sees the first, so a limit that depends on the part ({@code zip} or {@code file}) or on the count of parts
 * could only be checked afterwards, with everything already written.
 */
final class MultipartReader {
    static final int MAX_BOUNDARY = 200;
    private static final int BUFFER = 64 * 1024;
    private static final int MAX_HEADER_BYTES = 16 * 1024;
    private static final int MAX_PREAMBLE = 64 * 1024;

    private final InputStream in;
    /** CRLF "--" boundary: what ends every part's content. */
    private final byte[] delimiter;
    private final byte[] buffer = new byte[BUFFER];
    private int pos;
    private int limit;
    /** Content bytes of the current part end here: at a delimiter when {@link #atDelimiter}, else where one may start. */
    private int contentEnd;
    private boolean atDelimiter;
    private boolean contentDone = true;
    private boolean started;
    private boolean finished;

    MultipartReader(InputStream in, String boundary) {
        if (boundary.isEmpty() || boundary.length() > MAX_BOUNDARY) {
            throw new MalformedMultipart("the multipart boundary must have 1 to " + MAX_BOUNDARY + " characters");
        }
        this.in = in;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        // The body starts with the first boundary line, without the CRLF that precedes every other: supplying it
        // makes the first delimiter look like the rest.
        buffer[0] = '\r';
        buffer[1] = '\n';
        limit = 2;
    }

    /** The next part with its headers read, or null after the closing boundary. */
    Part next() throws IOException {
        if (finished) {
            return null;
        }
        if (!started) {
            started = true;
            startContent();
            skipContent(MAX_PREAMBLE, "the body does not start with its multipart boundary");
        } else if (!contentDone) {
            skipContent(Long.MAX_VALUE, null);
        }
        int first = readByte();
        int second = readByte();
        if (first == '-' && second == '-') {
            finished = true;
            return null;
        }
        // Transport padding (RFC 2046: whitespace after the boundary), then the line ends.
        while (first == ' ' || first == '\t') {
            first = second;
            second = readByte();
        }
        if (first != '\r' || second != '\n') {
            throw new MalformedMultipart("a multipart boundary line is not followed by a line end");
        }
        Map<String, String> headers = readHeaders();
        startContent();
        return new Part(headers, new ContentStream());
    }

    private Map<String, String> readHeaders() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        int budget = MAX_HEADER_BYTES;
        while (true) {
            var line = new java.io.ByteArrayOutputStream();
            int previous = -1;
            for (int b; ; previous = b) {
                b = readByte();
                if (--budget < 0) {
                    throw new MalformedMultipart("the headers of a part are longer than " + MAX_HEADER_BYTES + " bytes");
                }
                if (previous == '\r' && b == '\n') {
                    break;
                }
                if (previous >= 0) {
                    line.write(previous);
                }
            }
            if (line.size() == 0) {
                return headers;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            int colon = text.indexOf(':');
            if (colon <= 0) {
                throw new MalformedMultipart("a part has a header line without a name");
            }
            headers.put(text.substring(0, colon).trim().toLowerCase(Locale.ROOT), text.substring(colon + 1).trim());
        }
    }

    private void startContent() throws IOException {
        contentDone = false;
        scan();
    }

    /** Reads through the current content; more than {@code max} bytes of it is an error named {@code tooLong}. */
    private void skipContent(long max, String tooLong) throws IOException {
        long skipped = 0;
        while (true) {
            if (pos < contentEnd) {
                skipped += contentEnd - pos;
                pos = contentEnd;
                if (skipped > max) {
                    throw new MalformedMultipart(tooLong);
                }
            } else if (atDelimiter) {
                pos += delimiter.length;
                contentDone = true;
                return;
            } else {
                more();
            }
        }
    }

    private int readByte() throws IOException {
        if (pos == limit && !fill()) {
            throw new MalformedMultipart("the body ended before its closing multipart boundary");
        }
        return buffer[pos++] & 0xff;
    }

    /** Reads more into the buffer and scans again; the body ending inside a part is an error. */
    private void more() throws IOException {
        if (!fill()) {
            throw new MalformedMultipart("the body ended before its closing multipart boundary");
        }
        scan();
    }

    /** Keeps the unread bytes, reads at least one more; false at the end of the body. */
    private boolean fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buffer, pos, buffer, 0, limit - pos);
            contentEnd -= pos;
            limit -= pos;
            pos = 0;
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            return false;
        }
        limit += n;
        return true;
    }

    /**
     * Finds where the current content ends within what is buffered: at a delimiter, or short of the last bytes that
     * could be the start of one. Each byte is scanned about once: only that short tail is looked at again.
     */
    private void scan() {
        int last = limit - delimiter.length;
        for (int i = pos; i <= last; i++) {
            if (buffer[i] == '\r' && matchesAt(i)) {
                contentEnd = i;
                atDelimiter = true;
                return;
            }
        }
        contentEnd = Math.max(pos, limit - delimiter.length + 1);
        atDelimiter = false;
    }

    private boolean matchesAt(int at) {
        for (int j = 1; j < delimiter.length; j++) {
            if (buffer[at + j] != delimiter[j]) {
                return false;
            }
        }
        return true;
    }

    /** One part: its headers (names lower-cased) and its content, to be read before asking for the next part. */
    record Part(Map<String, String> headers, InputStream content) {
    }

    private final class ContentStream extends BlockInputStream {
        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (!contentDone) {
                if (pos < contentEnd) {
                    int n = Math.min(len, contentEnd - pos);
                    System.arraycopy(buffer, pos, b, off, n);
                    pos += n;
                    return n;
                }
                if (atDelimiter) {
                    pos += delimiter.length;
                    contentDone = true;
                } else {
                    more();
                }
            }
            return -1;
        }
    }
}
