package dev.flowrun.support;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A WebP file decoded by libwebp's reference decoder, {@code dwebp} (Debian package webp, installed by .ci/run): what
 * a browser shows of the files flowrun writes. The decoder writes PAM (RGBA bytes after a short text header).
 */
public final class Dwebp {
    private Dwebp() {
    }

    /** The file decoded to ARGB; fails the test when dwebp refuses it. */
    public static BufferedImage decode(byte[] webp) throws IOException, InterruptedException {
        Path in = Files.createTempFile("flowrun-dwebp", ".webp");
        Path out = Files.createTempFile("flowrun-dwebp", ".pam");
        try {
            Files.write(in, webp);
            Process p = new ProcessBuilder("dwebp", "-quiet", "-pam", in.toString(), "-o", out.toString())
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError("dwebp refused the file: " + said.strip());
            }
            return pam(Files.readAllBytes(out));
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
        }
    }

    private static BufferedImage pam(byte[] bytes) {
        int end = indexOf(bytes, "ENDHDR\n".getBytes(StandardCharsets.US_ASCII)) + 7;
        String header = new String(bytes, 0, end, StandardCharsets.US_ASCII);
        int width = field(header, "WIDTH");
        int height = field(header, "HEIGHT");
        int depth = field(header, "DEPTH");
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int i = 0, o = end; i < width * height; i++, o += depth) {
            int a = depth == 4 ? bytes[o + 3] & 0xFF : 255;
            image.setRGB(i % width, i / width, a << 24 | (bytes[o] & 0xFF) << 16 | (bytes[o + 1] & 0xFF) << 8
                    | bytes[o + 2] & 0xFF);
        }
        return image;
    }

    private static int field(String header, String name) {
        for (String line : header.split("\n")) {
            if (line.startsWith(name + " ")) {
                return Integer.parseInt(line.substring(name.length() + 1).trim());
            }
        }
        throw new AssertionError("no " + name + " in the PAM header: " + header);
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not a PAM file");
    }
}
