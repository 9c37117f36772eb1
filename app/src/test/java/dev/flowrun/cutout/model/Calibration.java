package dev.flowrun.cutout.model;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;

/**
 * The model's looks at one calibration photograph and what they give: the cut-out of the first look alone as it
 * was made before the looks and {@link Haze} (the "before"), and of all looks (the "after"), with their confidences and the signals ({@link LookSignals}, the first look's unsure share). The
 * answers come from {@link CachingModelRemover}, so a second pass over the set infers nothing.
 */
public final class Calibration {
    private final CachingModelRemover cache = new CachingModelRemover(true);
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);
    private final Looks.Scheme scheme;

    /** {@code crop}: the third look too. */
    public Calibration(boolean crop) {
        scheme = crop ? Looks.Scheme.MIRRORED_AND_CROP : Looks.Scheme.MIRRORED;
    }

    /** One photograph's results; times in milliseconds (meaningful on the pass that inferred). */
    public record Result(BufferedImage photo, Cutout oneLook, Cutout looks, double mirror, double crop,
                         double fragments, int sides, boolean cropped, long firstMillis, long secondMillis,
                         BufferedImage firstProbability) {
    }

    /** The first look's cut-out alone (the answers the full run then reuses). */
    public Cutout first(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        Looks first = remover.withoutSecondLook().looks(photo);
        return remover.fromMask(photo, first.first().clone(), 1, LookConfidence.of(first), false);
    }

    public Result run(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        long t0 = System.nanoTime();
        Looks first = remover.withoutSecondLook().looks(photo);
        long t1 = System.nanoTime();
        Looks all = remover.withLooks(scheme).looks(photo);
        long t2 = System.nanoTime();
        Cutout one = remover.fromMask(photo, first.first().clone(), 1, LookConfidence.of(first), false);
        Cutout both = remover.fromLooks(photo, all, 1);
        LookSignals s = LookSignals.of(all);
        return new Result(photo, one, both, s.mirror(), s.crop(), s.fragments(), s.sides(), all.crop() != null,
                (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, gray(first.first(), first.gw(), first.gh()));
    }

    private static BufferedImage gray(float[] p, int w, int h) {
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int i = 0; i < p.length; i++) {
            int v = Math.round(255 * Math.max(0, Math.min(1, p[i])));
            out.setRGB(i % w, i / w, v << 16 | v << 8 | v);
        }
        return out;
    }
}
