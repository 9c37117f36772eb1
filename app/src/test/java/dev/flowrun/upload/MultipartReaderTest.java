package dev.flowrun.upload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The streaming parser alone: whatever sizes the network hands the bytes over in, the same parts come out. */
class MultipartReaderTest {
    private static final String BOUNDARY = "----flowrunBoundary7MA4YWxk";

    record Read(String disposition, String type, byte[] content) {
    }

    @Test
    void partsComeOutWholeWhateverTheReadSizes() throws IOException {
        Random random = new Random(17);
        byte[] big = new byte[300_000];
        random.nextBytes(big);
        // Content that nearly holds the delimiter, over and over, and ends with a CR.
        byte[] tricky = ("\r\n--" + BOUNDARY.substring(0, 10) + "x\r\n-\r\n--"
                + BOUNDARY.substring(0, BOUNDARY.length() - 1) + "X\r")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] body = form(part("form-data; name=\"file\"; filename=\"a.jpg\"", "image/jpeg", big),
                part("form-data; name=\"file\"; filename=\"b.bin\"", null, tricky),
                part("form-data; name=\"webhookUrl\"", null, "https://x.test/h".getBytes(StandardCharsets.UTF_8)),
                part("form-data; name=\"file\"; filename=\"empty\"", null, new byte[0]));
        for (int maxChunk : new int[] {1, 2, 7, 70, 4096, 65536, 1 << 20}) {
            List<Read> parts = readAll(new Trickle(body, maxChunk, random));
            assertThat(parts).hasSize(4);
            assertThat(parts.get(0).content()).isEqualTo(big);
            assertThat(parts.get(0).type()).isEqualTo("image/jpeg");
            assertThat(parts.get(1).content()).isEqualTo(tricky);
            assertThat(new String(parts.get(2).content(), StandardCharsets.UTF_8)).isEqualTo("https://x.test/h");
            assertThat(parts.get(3).content()).isEmpty();
        }
    }

    @Test
    void preambleEpilogueAndTransportPaddingAreIgnored() throws IOException {
        String body = "some preamble\r\n--" + BOUNDARY + "  \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n"
                + "one\r\n--" + BOUNDARY + "--\r\nan epilogue";
        List<Read> parts = readAll(new ByteArrayInputStream(body.getBytes(StandardCharsets.ISO_8859_1)));
        assertThat(parts).extracting(p -> new String(p.content(), StandardCharsets.UTF_8)).containsExactly("one");
    }

    @Test
    void aBodyCutShortIsMalformed() {
        byte[] body = form(part("form-data; name=\"file\"; filename=\"a.jpg\"", null, new byte[10_000]));
        for (int cut : new int[] {0, 20, 200, body.length - 10, body.length - 3}) {
            byte[] truncated = java.util.Arrays.copyOf(body, cut);
            assertThatThrownBy(() -> readAll(new ByteArrayInputStream(truncated)))
                    .as("cut at " + cut).isInstanceOf(MalformedMultipart.class);
        }
    }

    @Test
    void aBodyWithoutItsBoundaryOrWithEndlessHeadersIsMalformed() {
        assertThatThrownBy(() -> readAll(new ByteArrayInputStream(new byte[200_000])))
                .isInstanceOf(MalformedMultipart.class).hasMessageContaining("does not start with its multipart boundary");
        String headers = "--" + BOUNDARY + "\r\n" + "X-Long: a\r\n".repeat(3000);
        assertThatThrownBy(() -> readAll(new ByteArrayInputStream(headers.getBytes(StandardCharsets.ISO_8859_1))))
                .isInstanceOf(MalformedMultipart.class).hasMessageContaining("headers");
        assertThatThrownBy(() -> new MultipartReader(InputStream.nullInputStream(), "x".repeat(201)))
                .isInstanceOf(MalformedMultipart.class);
    }

    @Test
    void dispositionParametersAreUnquotedAndExtendedNamesDecoded() {
        HeaderParams plain = HeaderParams.parse("form-data; name=\"file:front\"; filename=\"a \\\"b\\\".jpg\"");
        assertThat(plain.value()).isEqualTo("form-data");
        assertThat(plain.param("name")).isEqualTo("file:front");
        assertThat(plain.param("filename")).isEqualTo("a \"b\".jpg");
        HeaderParams extended = HeaderParams.parse("form-data; name=file; filename=\"x.jpg\"; filename*=UTF-8''%C3%A9t%C3%A9.jpg");
        assertThat(extended.param("filename")).isEqualTo("été.jpg");
        assertThat(HeaderParams.parse("Multipart/Form-Data; boundary=\"a b\"").param("boundary")).isEqualTo("a b");
    }

    private static List<Read> readAll(InputStream in) throws IOException {
        var reader = new MultipartReader(in, BOUNDARY);
        List<Read> parts = new ArrayList<>();
        for (MultipartReader.Part part; (part = reader.next()) != null; ) {
            parts.add(new Read(part.headers().get("content-disposition"), part.headers().get("content-type"),
                    part.content().readAllBytes()));
        }
        return parts;
    }

    private static byte[] part(String disposition, String type, byte[] content) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: " + disposition + "\r\n"
                + (type == null ? "" : "Content-Type: " + type + "\r\n") + "\r\n").getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    private static byte[] form(byte[]... parts) {
        var out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.ISO_8859_1));
        return out.toByteArray();
    }

    /** Hands the bytes over in random sizes up to a maximum, as a socket does. */
    private static final class Trickle extends InputStream {
        private final byte[] bytes;
        private final int maxChunk;
        private final Random random;
        private int at;

        Trickle(byte[] bytes, int maxChunk, Random random) {
            this.bytes = bytes;
            this.maxChunk = maxChunk;
            this.random = random;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, 1 + random.nextInt(maxChunk)), bytes.length - at);
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }
    }
}
