package dev.flowrun.cutout.model;

import dev.flowrun.cutout.model.Photos.Source;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One photograph of the cut-out calibration ({@code cutout-calibration.tsv}): where it comes from, what it shows,
 * which half it belongs to (fixed by its name before any judgement), and the verdict given by eye on its cut-out
 * flattened on magenta (would a shop publish it?) with the reason.
 */
public record CalibrationPhoto(Source source, String path, String category, boolean heldBack, boolean accepted,
                               String reason) {

    public static List<CalibrationPhoto> all() {
        try (InputStream in = CalibrationPhoto.class.getResourceAsStream("/cutout-calibration.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#") && !l.startsWith("source\t") && !l.isBlank())
                    .map(CalibrationPhoto::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CalibrationPhoto parse(String line) {
        String[] f = line.split("\t", -1);
        return new CalibrationPhoto(Source.valueOf(f[0]), f[1], f[2], f[3].equals("held"), f[4].equals("accept"),
                f.length > 5 ? f[5] : "");
    }

    public String name() {
        String file = path.substring(path.lastIndexOf('/') + 1);
        return file.substring(0, file.lastIndexOf('.'));
    }
}
