package dev.flowrun.bench;

import dev.flowrun.imaging.JpegEncoder;
import dev.flowrun.nodes.scenes.QualityScenes;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Camera-like JPEGs (quality 90) of generated product shots, written to a folder for the image benchmarks. */
final class ImageBenchFiles {
    private ImageBenchFiles() {
    }

    /** {@code count} shots of {@code width}×{@code height}, one of each quality case in turn. */
    static List<Path> productShots(Path folder, int count, int width, int height) throws IOException {
        Files.createDirectories(folder);
        List<QualityScenes.Scene> scenes = QualityScenes.generate(width, height, (count + 10) / 11, 90);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path file = folder.resolve(String.format("shot-%02d.jpg", i));
            writeJpeg(scenes.get(i * 7 % scenes.size()).image(), 90, file);
            files.add(file);
        }
        return files;
    }

    static void writeJpeg(BufferedImage image, int quality, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            JpegEncoder.write(image, quality, out);
        }
    }
}
