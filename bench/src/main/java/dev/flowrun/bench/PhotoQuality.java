package dev.flowrun.bench;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.classic.FloodFillBackgroundRemover;
import dev.flowrun.cutout.model.HandChecked;
import dev.flowrun.cutout.model.ModelBackgroundRemover.Edges;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import javax.imageio.ImageIO;

/**
 * Both methods on real photographs from Debian packages: hand-checked points per photo (subject opaque,
 * background transparent), and on OpenCV's matting example (a potted plant with a hand-drawn trimap and the matte
 * OpenCV's information-flow matting computed from it) the model's edges with the guided filter and with plain
 * bilinear upscaling. Writes contact sheets (input | classic | model) to look at.
 */
final class PhotoQuality {
    private final BackgroundRemover classic = new FloodFillBackgroundRemover();
    private final BackgroundRemover guided;
    private final BackgroundRemover plain;
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);

    PhotoQuality(SegmentationModel model) {
        this.guided = new ModelBackgroundRemover(model, Edges.GUIDED);
        this.plain = new ModelBackgroundRemover(model, Edges.PLAIN);
    }

    String run(Path out) throws Exception {
        StringBuilder table = new StringBuilder("| photo | points | classic: points right | model: points right "
                + "| model, plain bilinear edges |\n|---|---:|---:|---:|---:|\n");
        ContactSheet all = new ContactSheet(220);
        ContactSheet readme = new ContactSheet(132);
        int[] totals = new int[4];
        List<String> forReadme = List.of("coffee.png", "astronaut.png", "motorcycle_left.png", "squirrel_cls.jpg",
                "butterfly.jpg");
        for (HandChecked photo : HandChecked.PHOTOS) {
            BufferedImage input = decoder.decode(Photos.get(photo.source(), photo.name()));
            BufferedImage c = classic.remove(input, OptionalInt.empty(), 1).image();
            BufferedImage g = guided.remove(input, OptionalInt.empty(), 1).image();
            BufferedImage p = plain.remove(input, OptionalInt.empty(), 1).image();
            int points = photo.subject().length + photo.background().length;
            int[] right = {points - photo.misses(c).size(), points - photo.misses(g).size(),
                    points - photo.misses(p).size()};
            totals[0] += points;
            for (int k = 0; k < 3; k++) {
                totals[k + 1] += right[k];
            }
            table.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d |%n", photo.fileName(), points,
                    right[0], right[1], right[2]));
            all.row(input, c, g);
            if (forReadme.contains(photo.fileName())) {
                readme.row(input, c, g);
            }
            System.err.println("[quality] " + photo.fileName() + " done");
        }
        table.append(String.format(Locale.ROOT, "| **all** | %d | %d | %d | %d |%n", totals[0], totals[1], totals[2],
                totals[3]));
        table.append("\n").append(plant());
        all.write(out.resolve("photos-input-classic-model.png"));
        readme.write(out.resolve("readme-contact-sheet.png"));
        return table.toString();
    }

    /** Trimap agreement and matte error in the trimap's unknown band, guided against plain edges. */
    private String plant() throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(Source.OPENCV, "alphamat/input_images/plant.jpg"));
        BufferedImage trimap = ImageIO.read(Photos.get(Source.OPENCV, "alphamat/trimaps/plant.png").toFile());
        BufferedImage matte = ImageIO.read(Photos.get(Source.OPENCV, "alphamat/output_mattes/plant_result.png")
                .toFile());
        StringBuilder out = new StringBuilder("| plant (OpenCV matting example) | certain plant kept | certain "
                + "background removed | mean alpha error in the unknown band, against OpenCV's matte |\n"
                + "|---|---:|---:|---:|\n");
        String[] names = {"classic", "model, guided edges", "model, plain bilinear edges"};
        BackgroundRemover[] removers = {classic, guided, plain};
        for (int k = 0; k < removers.length; k++) {
            BufferedImage cut = removers[k].remove(photo, OptionalInt.empty(), 1).image();
            long fg = 0, fgKept = 0, bg = 0, bgGone = 0, band = 0;
            double error = 0;
            for (int y = 0; y < photo.getHeight(); y++) {
                for (int x = 0; x < photo.getWidth(); x++) {
                    int t = trimap.getRaster().getSample(x, y, 0);
                    int a = cut.getRGB(x, y) >>> 24;
                    if (t == 255) {
                        fg++;
                        fgKept += a > 127 ? 1 : 0;
                    } else if (t == 0) {
                        bg++;
                        bgGone += a <= 127 ? 1 : 0;
                    } else {
                        band++;
                        error += Math.abs(a - matte.getRaster().getSample(x, y, 0)) / 255.0;
                    }
                }
            }
            out.append(String.format(Locale.ROOT, "| %s | %.1f%% | %.1f%% | %.3f |%n", names[k], 100.0 * fgKept / fg,
                    100.0 * bgGone / bg, error / band));
        }
        return out.toString();
    }
}
