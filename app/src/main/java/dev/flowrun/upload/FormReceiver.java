package dev.flowrun.upload;

import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.PayloadTooLarge;
import dev.flowrun.files.CleanNames;
import dev.flowrun.files.FileStore;
import dev.flowrun.run.RequestDigest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Receives a multipart form into the store as it arrives ({@link MultipartReader}): every file part straight into a
 * file of the request's own folder through one 64 KiB buffer, so memory stays the same for a 1 GiB archive as for
 * an icon. Limits are counted on the bytes as they come: the first byte over one stops the reading with 413, and
 * whatever ends the request early (a limit, a malformed body, a client that goes away) deletes the folder.
 */
public record FormReceiver(FileStore store, UploadLimits limits) {
    static final int MAX_TEXT = 8 * 1024;
    static final int MAX_NAME = 1000;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** True for a {@code multipart/form-data} Content-Type. */
    public static boolean isForm(String contentType) {
        return "multipart/form-data".equals(HeaderParams.parse(contentType).value());
    }

    /** The whole form, its files synced to disk; with {@code digest}, its {@link FormDigest} too. */
    ReceivedForm receive(InputStream body, String contentType, FormRules rules, boolean digest) {
        String boundary = HeaderParams.parse(contentType).param("boundary");
        if (boundary == null) {
            throw new InvalidRequest("Content-Type", "a multipart/form-data body needs a boundary in its Content-Type");
        }
        byte[] random = new byte[12];
        RANDOM.nextBytes(random);
        ReceivedForm form = new ReceivedForm(store, "tmp/form-" + HexFormat.of().formatHex(random));
        boolean received = false;
        try {
            var reader = new MultipartReader(new ClientBody(body), boundary);
            var parts = new PartReceiver(form, rules, digest ? new FormDigest() : null);
            for (MultipartReader.Part part; (part = reader.next()) != null; ) {
                parts.receive(part);
            }
            // Durable before anything links to them: a run or an upload answered is one a machine crash keeps.
            store.syncTree(form.folder());
            form.digest(parts.digest());
            received = true;
            return form;
        } catch (MalformedMultipart e) {
            throw new InvalidRequest("body", "the body is not valid multipart/form-data: " + e.getMessage());
        } catch (ClientBody.Interrupted e) {
            throw new InvalidRequest("body", "the upload was interrupted before the end of its body");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store an uploaded file", e);
        } finally {
            if (!received) {
                form.close();
            }
        }
    }

    /** The parts of one form, one after the other. */
    private final class PartReceiver {
        private final ReceivedForm form;
        private final FormRules rules;
        private final FormDigest digest;
        private final byte[] buffer = new byte[64 * 1024];
        private boolean zipSeen;

        PartReceiver(ReceivedForm form, FormRules rules, FormDigest digest) {
            this.form = form;
            this.rules = rules;
            this.digest = digest;
        }

        String digest() {
            return digest == null ? null : digest.hex();
        }

        void receive(MultipartReader.Part part) throws IOException {
            HeaderParams disposition = HeaderParams.parse(part.headers().get("content-disposition"));
            String name = disposition.param("name");
            if (!"form-data".equals(disposition.value()) || name == null || name.isEmpty()) {
                throw new InvalidRequest("body", "every part needs a Content-Disposition: form-data header with a name");
            }
            PartKind kind = rules.kind(name);
            if (kind == null) {
                throw new InvalidRequest(shown(name), "'" + shown(name) + "' is not a part this endpoint takes; it"
                        + " takes " + rules.accepted());
            }
            if (kind == PartKind.TEXT) {
                text(name, part.content());
                return;
            }
            String fileName = disposition.param("filename");
            if (fileName == null) {
                throw new InvalidRequest(shown(name), "part '" + shown(name) + "' holds no file; send a file as"
                        + " curl does with -F '" + shown(name) + "=@photo.jpg'");
            }
            if (fileName.isBlank()) {
                // What a browser sends for a file input left empty: nothing to keep, unless it carries bytes.
                if (part.content().read(buffer) >= 0) {
                    throw new InvalidRequest(shown(name), "a file in part '" + shown(name) + "' has no file name");
                }
                return;
            }
            if (fileName.indexOf('\0') >= 0) {
                // No stored text can hold a NUL (PostgreSQL's cannot).
                throw new InvalidRequest(shown(name), "a file name in part '" + shown(name)
                        + "' holds a NUL character");
            }
            if (fileName.length() > MAX_NAME) {
                throw new InvalidRequest(shown(name), "a file name in part '" + shown(name) + "' is longer than "
                        + MAX_NAME + " characters");
            }
            fileName = CleanNames.cleanOr(fileName, "file");
            if (kind == PartKind.ZIP && zipSeen) {
                throw new InvalidRequest(name, "give one zip part only");
            }
            zipSeen |= kind == PartKind.ZIP;
            if (form.files().size() == limits.maxFiles()) {
                throw new PayloadTooLarge("at most " + limits.maxFiles() + " files can be sent in one request");
            }
            String key = form.folder() + "/" + form.files().size();
            MessageDigest sha = digest == null ? null : RequestDigest.sha256();
            long size = write(part.content(), key, kind, fileName, sha);
            form.add(new ReceivedForm.File(name, fileName, key, size));
            if (digest != null) {
                digest.add(name, fileName, sha.digest());
            }
        }

        private long write(InputStream in, String key, PartKind kind, String fileName, MessageDigest sha)
                throws IOException {
            long[] total = {0};
            store.writeUnsynced(key, out -> {
                long max = kind == PartKind.IMAGE ? limits.maxImageBytes() : limits.maxZipBytes();
                boolean sniffed = kind != PartKind.IMAGE_OR_ZIP;
                for (int n; (n = readFully(in, buffer)) > 0; ) {
                    if (!sniffed) {
                        // The first read holds at least the four bytes of a zip's signature, unless the file is smaller.
                        max = isZip(buffer, n) ? limits.maxZipBytes() : limits.maxImageBytes();
                        sniffed = true;
                    }
                    total[0] += n;
                    if (total[0] > max) {
                        throw new PayloadTooLarge("'" + shown(fileName) + "' is larger than " + size(max) + ", the"
                                + " limit for " + (max == limits.maxZipBytes() ? "a zip archive" : "an image")
                                + (kind == PartKind.IMAGE_OR_ZIP && max != limits.maxZipBytes()
                                ? " (a zip archive may have " + size(limits.maxZipBytes()) + ")" : ""));
                    }
                    if (sha != null) {
                        sha.update(buffer, 0, n);
                    }
                    out.write(buffer, 0, n);
                }
            });
            return total[0];
        }

        private void text(String name, InputStream in) throws IOException {
            if (form.texts().containsKey(name)) {
                throw new InvalidRequest(name, name + " is given twice");
            }
            byte[] bytes = in.readNBytes(MAX_TEXT + 1);
            if (bytes.length > MAX_TEXT) {
                throw new InvalidRequest(name, name + " is longer than " + MAX_TEXT + " bytes");
            }
            String value = new String(bytes, StandardCharsets.UTF_8);
            form.putText(name, value);
            if (digest != null) {
                digest.add(name, null, RequestDigest.sha256().digest(bytes));
            }
        }
    }

    /** Fills the buffer unless the content ends first: reads stay large whatever the network hands over. */
    private static int readFully(InputStream in, byte[] buffer) throws IOException {
        int filled = 0;
        while (filled < buffer.length) {
            int n = in.read(buffer, filled, buffer.length - filled);
            if (n < 0) {
                break;
            }
            filled += n;
        }
        return filled;
    }

    private static boolean isZip(byte[] head, int length) {
        // PK\3\4 starts an archive with entries, PK\5\6 an empty one.
        return length >= 4 && head[0] == 'P' && head[1] == 'K'
                && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6);
    }

    private static String size(long bytes) {
        return bytes % (1L << 30) == 0 ? (bytes >> 30) + " GiB" : bytes % (1L << 20) == 0 ? (bytes >> 20) + " MiB"
                : bytes + " bytes";
    }

    /** A caller's text in a message: bounded, so a hostile name cannot make the answer huge. */
    static String shown(String text) {
        return text.length() <= 100 ? text : text.substring(0, 100) + "…";
    }

    /** The request body; a read that fails is the client's doing (gone, or too slow), told apart from disk errors. */
    private static final class ClientBody extends InputStream {
        private final InputStream in;

        ClientBody(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                throw new Interrupted(e);
            }
        }

        static final class Interrupted extends RuntimeException {
            Interrupted(IOException cause) {
                super(cause.toString(), cause, false, false);
            }
        }
    }
}
