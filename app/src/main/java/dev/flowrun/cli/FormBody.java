package dev.flowrun.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
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
    private final List<InputFile> sent = new ArrayList<>();
    private final List<Unreadable> unreadable = new ArrayList<>();

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

    /** The images the body sent, in order (known once it has been read to its end): the run's items. */
    List<InputFile> sent() {
        return sent;
    }

    /** The images that could not be opened when their turn came, left out of the body. */
    List<Unreadable> unreadable() {
        return unreadable;
    }

    InputStream open() {
        sent.clear();
        unreadable.clear();
        Iterator<InputFile> next = files.iterator();
        List<InputStream> head = new ArrayList<>();
        for (String[] field : fields) {
            head.add(text("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field[0] + "\"\r\n\r\n"
                    + field[1] + "\r\n"));
        }
        Iterator<InputStream> fixed = head.iterator();
        return new SequenceInputStream(new Enumeration<>() {
            private boolean ended;

            @Override
            public boolean hasMoreElements() {
                return !ended;
            }

            @Override
            public InputStream nextElement() {
                if (fixed.hasNext()) {
                    return fixed.next();
                }
                while (next.hasNext()) {
                    InputStream part = part(next.next());
                    if (part != null) {
                        return part;
                    }
                }
                ended = true;
                return text("--" + boundary + "--\r\n");
            }
        });
    }

    /** One file's part; null (and the file set aside) when it cannot be opened: gone or locked since it was listed. */
    private InputStream part(InputFile file) {
        InputStream content;
        try {
            content = file.open();
        } catch (IOException e) {
            unreadable.add(Unreadable.of(file.name(), file.file(), e));
            return null;
        }
        sent.add(file);
        return new SequenceInputStream(Collections.enumeration(List.of(
                text("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                        + quoted(file.name()) + "\"\r\nContent-Type: application/octet-stream\r\n\r\n"),
                content, text("\r\n"))));
    }

    private static String quoted(String name) {
        return name.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "").replace("\n", "");
    }

    private static InputStream text(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
