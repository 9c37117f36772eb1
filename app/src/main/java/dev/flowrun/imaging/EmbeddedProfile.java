package dev.flowrun.imaging;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The ICC profile a PNG ({@code iCCP}) or WebP ({@code ICCP}) file carries, read by walking the file's chunks up to
 * the image data and nothing else: the readers of those two formats give the stored numbers as they are, which for
 * an Adobe RGB or Display P3 photo are not sRGB (the JPEG and TIFF readers convert by themselves). A profile is at
 * most {@value #MAX_BYTES} bytes, inflated or not: a chunk claiming more is ignored rather than read.
 */
final class EmbeddedProfile {
    static final int MAX_BYTES = 4 << 20;

    private EmbeddedProfile() {
    }

    /** The profile's bytes, or null when the file has none (or one too large or broken to use). */
    static byte[] read(Path file, ImageFormat format) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            DataInputStream data = new DataInputStream(new java.io.BufferedInputStream(in));
            return switch (format) {
                case PNG -> png(data);
                case WEBP -> webp(data);
                default -> null;
            };
        } catch (EOFException e) {
            return null; // a cut-off file: the decoder says what is wrong with it
        }
    }

    private static byte[] png(DataInputStream in) throws IOException {
        in.skipNBytes(8);
        while (true) {
            long length = in.readInt() & 0xFFFFFFFFL;
            String type = type(in);
            if (type.equals("IDAT") || type.equals("IEND")) {
                return null; // iCCP comes before the image data or not at all
            }
            if (!type.equals("iCCP")) {
                in.skipNBytes(length + 4);
                continue;
            }
            if (length > MAX_BYTES) {
                return null;
            }
            byte[] chunk = in.readNBytes((int) length);
            int name = 0;
            while (name < chunk.length && chunk[name] != 0) {
                name++;
            }
            // name, its terminating zero, the compression method (0: zlib), then the deflated profile
            return name + 2 <= chunk.length ? inflate(chunk, name + 2) : null;
        }
    }

    private static byte[] webp(DataInputStream in) throws IOException {
        in.skipNBytes(12); // RIFF, size, WEBP
        while (true) {
            String type = type(in);
            long length = Integer.reverseBytes(in.readInt()) & 0xFFFFFFFFL;
            if (type.equals("ICCP")) {
                return length <= MAX_BYTES ? in.readNBytes((int) length) : null;
            }
            if (!type.equals("VP8X")) {
                return null; // the profile follows VP8X, before any image data
            }
            in.skipNBytes(length + (length & 1));
        }
    }

    private static String type(DataInputStream in) throws IOException {
        byte[] type = in.readNBytes(4);
        if (type.length < 4) {
            throw new EOFException();
        }
        return new String(type, StandardCharsets.ISO_8859_1);
    }

    private static byte[] inflate(byte[] data, int from) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(data, from, data.length - from);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return null;
                }
                out.write(buffer, 0, n);
                if (out.size() > MAX_BYTES) {
                    return null;
                }
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            return null;
        } finally {
            inflater.end();
        }
    }
}
