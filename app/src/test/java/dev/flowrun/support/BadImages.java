package dev.flowrun.support;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Image files that lie or break: headers claiming far more pixels than the file holds ("decompression bombs"),
 * files cut short, and bytes that only start like an image.
 */
public final class BadImages {
    private BadImages() {
    }

    /** A complete, valid PNG of a few dozen bytes whose header says {@code width}×{@code height}. */
    public static byte[] pngClaiming(int width, int height) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        var header = new ByteArrayOutputStream();
        writeInt(header, width);
        writeInt(header, height);
        header.writeBytes(new byte[] {8, 6, 0, 0, 0}); // 8-bit RGBA, no interlace
        chunk(out, "IHDR", header.toByteArray());
        chunk(out, "IDAT", deflate(new byte[64]));
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    /**
     * A valid 64×64 PNG carrying {@code chunks} ancillary chunks of {@code type} ({@code zTXt}, compressed
     * {@code iTXt} or {@code iCCP}) that each inflate to {@code inflatedMiB} MiB of zeros: about a thousandth of
     * that on disk per chunk. Metadata a careless reader inflates whole.
     */
    public static byte[] pngWithInflatingChunks(String type, int chunks, int inflatedMiB) {
        var zeros = new ByteArrayOutputStream();
        try (var deflating = new java.util.zip.DeflaterOutputStream(zeros, new Deflater(9), 1 << 16)) {
            byte[] mib = new byte[1 << 20];
            for (int i = 0; i < inflatedMiB; i++) {
                deflating.write(mib);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] prefix = switch (type) {
            case "zTXt" -> "Comment\0\0".getBytes(StandardCharsets.ISO_8859_1); // keyword, method 0
            case "iTXt" -> "Comment\0\1\0\0\0".getBytes(StandardCharsets.ISO_8859_1); // compressed, no language
            case "iCCP" -> "profile\0\0".getBytes(StandardCharsets.ISO_8859_1);
            default -> throw new IllegalArgumentException(type);
        };
        var body = new ByteArrayOutputStream();
        body.writeBytes(prefix);
        body.writeBytes(zeros.toByteArray());
        byte[] png = Images.encode(new java.awt.image.BufferedImage(64, 64, java.awt.image.BufferedImage.TYPE_INT_RGB), "png");
        var out = new ByteArrayOutputStream();
        out.write(png, 0, 33); // signature and IHDR: ancillary chunks go right after it, before the image data
        for (int i = 0; i < chunks; i++) {
            chunk(out, type, body.toByteArray());
        }
        out.write(png, 33, png.length - 33);
        return out.toByteArray();
    }

    /** {@code jpeg} with the size in its start-of-frame header replaced. */
    public static byte[] jpegClaiming(byte[] jpeg, int width, int height) {
        byte[] patched = jpeg.clone();
        for (int i = 2; i + 9 < patched.length; i++) {
            if ((patched[i] & 0xff) == 0xff && ((patched[i + 1] & 0xff) == 0xc0 || (patched[i + 1] & 0xff) == 0xc2)) {
                putShortBigEndian(patched, i + 5, height);
                putShortBigEndian(patched, i + 7, width);
                return patched;
            }
        }
        throw new IllegalArgumentException("no start-of-frame marker");
    }

    /** {@code gif} with the size of its logical screen and of its first image replaced. */
    public static byte[] gifClaiming(byte[] gif, int width, int height) {
        byte[] patched = gif.clone();
        putShortLittleEndian(patched, 6, width);
        putShortLittleEndian(patched, 8, height);
        int at = 13;
        if ((patched[10] & 0x80) != 0) {
            at += 3 * (1 << ((patched[10] & 0x07) + 1)); // the global colour table
        }
        while ((patched[at] & 0xff) == 0x21) { // extensions: label, then sub-blocks up to a zero length
            at += 2;
            while (patched[at] != 0) {
                at += (patched[at] & 0xff) + 1;
            }
            at++;
        }
        if ((patched[at] & 0xff) != 0x2c) {
            throw new IllegalArgumentException("no image descriptor");
        }
        putShortLittleEndian(patched, at + 5, width);
        putShortLittleEndian(patched, at + 7, height);
        return patched;
    }

    /** The first {@code fraction} of {@code bytes}. */
    public static byte[] truncated(byte[] bytes, double fraction) {
        return Arrays.copyOf(bytes, (int) (bytes.length * fraction));
    }

    /** {@code bytes} with the middle third overwritten by a fixed pattern: the header is intact, the data is not. */
    public static byte[] scrambledMiddle(byte[] bytes) {
        byte[] scrambled = bytes.clone();
        for (int i = bytes.length / 3; i < 2 * bytes.length / 3; i++) {
            scrambled[i] = (byte) (i * 31 + 7);
        }
        return scrambled;
    }

    /** A known signature followed by text: looks like an image for the first few bytes only. */
    public static byte[] signatureThenGarbage(byte[] signature) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(signature);
        out.writeBytes("this is not image data at all, whatever the first bytes said".repeat(20)
                .getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        writeInt(out, data.length);
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        var crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        writeInt(out, (int) crc.getValue());
    }

    private static byte[] deflate(byte[] data) {
        var deflater = new Deflater();
        deflater.setInput(data);
        deflater.finish();
        byte[] buffer = new byte[256];
        int length = deflater.deflate(buffer);
        deflater.end();
        return Arrays.copyOf(buffer, length);
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        try {
            new DataOutputStream(out).writeInt(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void putShortBigEndian(byte[] bytes, int at, int value) {
        bytes[at] = (byte) (value >> 8);
        bytes[at + 1] = (byte) value;
    }

    private static void putShortLittleEndian(byte[] bytes, int at, int value) {
        bytes[at] = (byte) value;
        bytes[at + 1] = (byte) (value >> 8);
    }
}
