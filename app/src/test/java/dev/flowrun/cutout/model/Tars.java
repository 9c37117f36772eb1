package dev.flowrun.cutout.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** Builds tar archives in memory as npm packs them: ustar headers, a GNU long-name record for long paths. */
final class Tars {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return gz.toByteArray();
    }

    static byte[] of(Map<String, byte[]> files) {
        Tars tar = new Tars();
        files.forEach(tar::file);
        return tar.end();
    }

    static Map<String, byte[]> files() {
        return new LinkedHashMap<>();
    }

    Tars file(String name, byte[] content) {
        if (name.length() > 100) {
            entry("././@LongLink", 'L', (name + "\0").getBytes(StandardCharsets.UTF_8));
            name = name.substring(0, 100);
        }
        return entry(name, '0', content);
    }

    Tars entry(String name, char type, byte[] content) {
        byte[] header = new byte[512];
        put(header, 0, name);
        put(header, 100, "0000644");
        put(header, 124, String.format("%011o", content.length));
        put(header, 136, String.format("%011o", 0));
        header[156] = (byte) type;
        put(header, 257, "ustar");
        put(header, 263, "00");
        java.util.Arrays.fill(header, 148, 156, (byte) ' ');
        int sum = 0;
        for (byte b : header) {
            sum += b & 0xFF;
        }
        put(header, 148, String.format("%06o", sum) + "\0 ");
        out.writeBytes(header);
        out.writeBytes(content);
        out.writeBytes(new byte[(512 - content.length % 512) % 512]);
        return this;
    }

    byte[] end() {
        out.writeBytes(new byte[1024]);
        return out.toByteArray();
    }

    private static void put(byte[] header, int at, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, header, at, Math.min(bytes.length, 100));
    }
}
