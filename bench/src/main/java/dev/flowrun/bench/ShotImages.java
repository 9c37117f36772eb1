package dev.flowrun.bench;

import dev.flowrun.imaging.JpegEncoder;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * Product shots to run "Product shot" over: a shaded subject on a gently graded studio background with sensor
 * noise, as a camera JPEG at quality 90 (a few hundred KB at 1600×1200). Made once and kept in the folder.
 */
final class ShotImages {
    private ShotImages() {
    }

    static List<Path> ensure(Path folder, int count, int width, int height) throws IOException {
        Files.createDirectories(folder);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path file = folder.resolve(String.format("shot-%03d.jpg", i));
            if (!Files.exists(file)) {
                write(render(new Random(i), width, height), file);
            }
            files.add(file);
        }
        return files;
    }

    /** A tiny PNG for runs whose cost should be the service's own, not the image work. */
    static Path tinyPng(Path folder) throws IOException {
        Files.createDirectories(folder);
        Path file = folder.resolve("tiny.png");
        if (!Files.exists(file)) {
            BufferedImage image = render(new Random(7), 64, 48);
            ImageIO.write(image, "png", file.toFile());
        }
        return file;
    }

    private static BufferedImage render(Random random, int width, int height) {
        var image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        int light = 235 + random.nextInt(15);
        g.setPaint(new GradientPaint(0, 0, new Color(light, light, light), 0, height, new Color(light - 25, light - 22, light - 20)));
        g.fillRect(0, 0, width, height);
        Color subject = Color.getHSBColor(random.nextFloat(), 0.6f, 0.5f + random.nextFloat() * 0.3f);
        int w = width / 3 + random.nextInt(width / 4);
        int h = height / 3 + random.nextInt(height / 3);
        int x = (width - w) / 2 + random.nextInt(width / 8) - width / 16;
        int y = (height - h) / 2 + random.nextInt(height / 8) - height / 16;
        g.setPaint(new GradientPaint(x, y, subject.brighter(), x + w, y + h, subject.darker()));
        g.fillRoundRect(x, y, w, h, w / 4, h / 4);
        g.setColor(subject.darker().darker());
        g.fillOval(x + w / 4, y + h / 4, w / 2, h / 3);
        g.dispose();
        addNoise(image, random);
        return image;
    }

    private static void addNoise(BufferedImage image, Random random) {
        int[] row = new int[image.getWidth()];
        for (int y = 0; y < image.getHeight(); y++) {
            image.getRGB(0, y, row.length, 1, row, 0, row.length);
            for (int x = 0; x < row.length; x++) {
                int n = random.nextInt(7) - 3;
                int r = clamp(((row[x] >> 16) & 0xFF) + n);
                int gr = clamp(((row[x] >> 8) & 0xFF) + n);
                int b = clamp((row[x] & 0xFF) + n);
                row[x] = (r << 16) | (gr << 8) | b;
            }
            image.setRGB(0, y, row.length, 1, row, 0, row.length);
        }
    }

    private static int clamp(int v) {
        return Math.max(0, Math.min(255, v));
    }

    private static void write(BufferedImage image, Path file) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(temp)) {
            JpegEncoder.write(image, 90, out);
        }
        Files.move(temp, file);
    }

    static long totalBytes(List<Path> files) throws IOException {
        long total = 0;
        for (Path file : files) {
            total += Files.size(file);
        }
        return total;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        }
    }
}
