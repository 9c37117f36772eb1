package dev.flowrun.support;

import java.awt.image.BufferedImage;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The image formats' own tools from Debian ({@code webp}: cwebp, dwebp; {@code libjpeg-turbo-progs}: cjpeg, djpeg;
 * {@code imagemagick}: convert), run as processes, and what their decodes say: channel means read from the PAM or
 * PNM files they write. Missing tools fail the test with the packages to install (.ci/run installs them).
 */
public final class ReferenceTools {
    private static final String PACKAGES = "apt-get install webp libjpeg-turbo-progs imagemagick libgs-common";

    private ReferenceTools() {
    }

    /** Runs {@code command} in {@code dir}; its output is the test's failure message when it fails. */
    public static void run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(List.of(command)).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new AssertionError(String.join(" ", command) + " failed: " + output.strip());
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run " + command[0] + " (" + e.getMessage() + "): " + PACKAGES, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** ImageMagick 6's convert: Debian's own binary where it is, whatever else is on the PATH. */
    public static String convert() {
        return Files.isExecutable(Path.of("/usr/bin/convert")) ? "/usr/bin/convert" : "convert";
    }

    /**
     * Red, green and blue means weighted by alpha (transparent pixels' colours are anyone's), and alpha's mean,
     * each on the 0–255 scale, over every pixel.
     */
    public record Means(double red, double green, double blue, double alpha) {
        public double[] channels() {
            return new double[] {red, green, blue, alpha};
        }

        /** The largest difference between two decodes' means, over the four channels. */
        public double worst(Means other) {
            double worst = 0;
            for (int c = 0; c < 4; c++) {
                worst = Math.max(worst, Math.abs(channels()[c] - other.channels()[c]));
            }
            return worst;
        }

        public static Means of(BufferedImage image) {
            double[] sums = new double[4];
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    int p = image.getRGB(x, y);
                    add(sums, p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF, p >>> 24, 255);
                }
            }
            return of(sums, (long) image.getWidth() * image.getHeight());
        }

        /** A PAM (P7) or binary PNM (P5, P6) file, 8 or 16 bits a sample. */
        public static Means ofNetpbm(Path file) throws IOException {
            try (InputStream raw = Files.newInputStream(file)) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(raw));
                String magic = token(in);
                int width = 0;
                int height = 0;
                int depth = magic.equals("P5") ? 1 : 3;
                int max;
                if (magic.equals("P7")) {
                    max = 0;
                    for (String key = token(in); !key.equals("ENDHDR"); key = token(in)) {
                        String value = token(in);
                        switch (key) {
                            case "WIDTH" -> width = Integer.parseInt(value);
                            case "HEIGHT" -> height = Integer.parseInt(value);
                            case "DEPTH" -> depth = Integer.parseInt(value);
                            case "MAXVAL" -> max = Integer.parseInt(value);
                            default -> { } // TUPLTYPE: the depth says enough
                        }
                    }
                } else {
                    width = Integer.parseInt(token(in));
                    height = Integer.parseInt(token(in));
                    max = Integer.parseInt(token(in));
                }
                double[] sums = new double[4];
                int[] sample = new int[depth];
                for (long i = 0; i < (long) width * height; i++) {
                    for (int c = 0; c < depth; c++) {
                        sample[c] = max > 255 ? in.readUnsignedShort() : in.readUnsignedByte();
                    }
                    boolean colour = depth >= 3;
                    int alpha = depth == 2 || depth == 4 ? sample[depth - 1] : max;
                    add(sums, sample[0], sample[colour ? 1 : 0], sample[colour ? 2 : 0], alpha, max);
                }
                return of(sums, (long) width * height);
            }
        }

        private static void add(double[] sums, int r, int g, int b, int a, int max) {
            double weight = a / (double) max;
            sums[0] += r * 255.0 / max * weight;
            sums[1] += g * 255.0 / max * weight;
            sums[2] += b * 255.0 / max * weight;
            sums[3] += weight;
        }

        private static Means of(double[] sums, long pixels) {
            double opaque = Math.max(sums[3], 1e-9);
            return new Means(sums[0] / opaque, sums[1] / opaque, sums[2] / opaque, sums[3] * 255.0 / pixels);
        }

        private static String token(DataInputStream in) throws IOException {
            int c = in.read();
            while (c == '#' || Character.isWhitespace(c)) {
                if (c == '#') {
                    while (c != '\n' && c != -1) {
                        c = in.read();
                    }
                }
                c = in.read();
            }
            StringBuilder token = new StringBuilder();
            while (c != -1 && !Character.isWhitespace(c)) {
                token.append((char) c);
                c = in.read();
            }
            return token.toString();
        }

        @Override
        public String toString() {
            return String.format("R %.2f G %.2f B %.2f A %.2f", red, green, blue, alpha);
        }
    }
}
