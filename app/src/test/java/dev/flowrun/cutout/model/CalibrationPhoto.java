package dev.flowrun.cutout.model;

import dev.flowrun.cutout.model.Photos.Source;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One photograph of the cut-out calibration ({@code cutout-calibration.tsv}): where it comes from, what it shows,
 * which half it was first put in (fixed by its name before any judgement: {@code tune}, or {@code seen} for the
 * former held-back half, which was looked at while tuning, so every photograph here is now tuning data), and the
 * verdict given by eye on its cut-out flattened on magenta (would a shop publish it?) with the reason.
 */
public record CalibrationPhoto(Source source, String path, String category, boolean seen, boolean accepted,
                               String reason, Measured measured) {

    /**
     * What {@code CutoutCalibration} measured of the model's looks at the photograph (the fixture's last columns):
     * the first look's own confidence, unsure share, haze share and edgeless outline share ({@link FirstLook}), the
     * disagreement of the mirrored look, and of the crop look (0 where the subject's box covers more than
     * {@link Looks#CROP_AT_MOST} of the picture: the service takes no crop look there); edgeless is NaN in a fixture
     * without its column.
     */
    public record Measured(double first, double unsure, double haze, double mirror, double edgeless, double crop) {
        FirstLook firstLook() {
            if (Double.isNaN(edgeless)) {
                throw new IllegalStateException("no edgeless column: measured before the confidence used it");
            }
            return new FirstLook(first, unsure, haze, edgeless);
        }
    }

    public static List<CalibrationPhoto> all() {
        return read("/cutout-calibration.tsv");
    }

    /**
     * The fresh held-back set ({@code cutout-fresh.tsv}, split {@code fresh}): photographs no tuning saw, fixed before
     * any cut-out of them was made, judged blind to the confidence, its rates computed once with the final confidence.
     */
    public static List<CalibrationPhoto> fresh() {
        return read("/cutout-fresh.tsv");
    }

    /**
     * The unseen held-back set ({@code cutout-unseen.tsv}, split {@code unseen}): made as the fresh one, after it was
     * spent on tuning, and measured once with the confidence that tuning ended with.
     */
    public static List<CalibrationPhoto> unseen() {
        return read("/cutout-unseen.tsv");
    }

    private static List<CalibrationPhoto> read(String resource) {
        try (InputStream in = CalibrationPhoto.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#") && !l.startsWith("source\t") && !l.isBlank())
                    .map(CalibrationPhoto::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CalibrationPhoto parse(String line) {
        String[] f = line.split("\t", -1);
        Measured measured = f.length > 9 && !f[6].isEmpty()
                ? new Measured(Double.parseDouble(f[6]), Double.parseDouble(f[7]), Double.parseDouble(f[8]),
                        f[9].equals("-") ? Double.NaN : Double.parseDouble(f[9]),
                        f.length > 11 ? Double.parseDouble(f[10]) : Double.NaN,
                        f.length > 11 && !f[11].equals("-") ? Double.parseDouble(f[11]) : 0)
                : null;
        return new CalibrationPhoto(Source.valueOf(f[0]), f[1], f[2], f[3].equals("seen"), f[4].equals("accept"),
                f.length > 5 ? f[5] : "", measured);
    }

    public String name() {
        String file = path.substring(path.lastIndexOf('/') + 1);
        return file.substring(0, file.lastIndexOf('.'));
    }
}
