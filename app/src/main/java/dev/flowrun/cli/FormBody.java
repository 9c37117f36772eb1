package dev.flowrun.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

/**
 * The multipart form of a run's create request (one {@code file} part per image, text parts for the options), as a
 * stream that opens each file only when it is reached: a folder of any size is sent without being held in memory
 * or copied, the same way to a service over HTTP and to the one on this machine.
 */
final class FormBody {
    private final String boundary = "flowrun-" + UUID.randomUUID();
    private final List<InputFile> files;
    private final List<String[]> fields = new ArrayList<>();

    FormBody(List<InputFile> files) {
        this.files = files;
    }

    FormBody field(String name, String value) {
        if (value != null) {
            fields.add(new String[] {name, value});
        }
        return this;
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    InputStream open() {
        List<InputFile> parts = files;
        Iterator<InputFile> next = parts.iterator();
        List<InputStream> head = new ArrayList<>();
        for (String[] field : fields) {
            head.add(text("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field[0] + "\"\r\n\r\n"
                    + field[1] + "\r\n"));
        }
        Iterator<InputStream> fixed = head.iterator();
        return new SequenceInputStream(new Enumeration<>() {
            private int stage;
            private InputFile pending;

            @Override
            public boolean hasMoreElements() {
                return stage != 3;
            }

            @Override
            public InputStream nextElement() {
                if (fixed.hasNext()) {
                    return fixed.next();
                }
                if (pending != null) {
                    InputFile file = pending;
                    pending = null;
                    try {
                        return new SequenceInputStream(file.open(), text("\r\n"));
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + file.name(), e);
                    }
                }
                if (next.hasNext()) {
                    pending = next.next();
                    return text("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                            + quoted(pending.name()) + "\"\r\nContent-Type: application/octet-stream\r\n\r\n");
                }
                stage = 3;
                return text("--" + boundary + "--\r\n");
            }
        });
    }

    private static String quoted(String name) {
        return name.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "").replace("\n", "");
    }

    private static InputStream text(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
