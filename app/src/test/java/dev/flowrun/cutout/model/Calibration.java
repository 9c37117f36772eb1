package dev.flowrun.cutout.model;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.imaging.ImageDecoder;
import java.awt.image.BufferedImage;

/**
 * The model's looks at one calibration photograph and what they give: the cut-out of the first look alone as it
 * was made before the looks and {@link Haze} (the "before"), and of all looks (the "after"), with their confidences
 * and every signal measured for the calibration ({@link LookSignals}, and the first look's unsure share, haze, band
 * and subject share). The mirrored look and the crop look are always taken here, whatever the first look and the
 * subject's size, so their disagreement can be measured on every photograph. The answers come from {@link CachingModelRemover}, so a second pass over the set
 * infers nothing.
 */
public final class Calibration {
    private final CachingModelRemover cache = new CachingModelRemover(true);
    private final ImageDecoder decoder = new ImageDecoder(50_000_000);
    /**
     * Every look on every photograph (to measure their signals), or with {@code -Dflowrun.calibration.looks=service}
     * only the looks the service takes (the mirrored one where it tells more, no crop look).
     */
    private static final boolean ALL_LOOKS = !"service".equals(System.getProperty("flowrun.calibration.looks"));
    /** {@code -Dflowrun.calibration.crop=false}: every mirrored look but no crop look (it costs an inference more). */
    private static final boolean CROP = !"false".equals(System.getProperty("flowrun.calibration.crop"));

    /** The first look's own signals. */
    public record FirstSignals(double subject, double unsure, double haze, double band, double fragments,
                               int sides) {
    }

    /**
     * One photograph's results; times in milliseconds (meaningful on the pass that inferred): the first look's
     * inference, the mirrored look's, the crop look's, the post-processing (matte and cut-out) of one look;
     * {@code second}: whether the service's remover took the second look (or found the first enough).
     */
    public record Result(BufferedImage photo, Cutout oneLook, Cutout looks, double firstConfidence, double mirror,
                         double crop, FirstSignals first, long firstMillis, long mirrorMillis, long cropMillis,
                         long postMillis, boolean second, BufferedImage firstProbability) {
    }

    /** The first look's cut-out alone (the answers the full run then reuses). */
    public Cutout first(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        Looks first = remover.withoutSecondLook().looks(photo);
        return remover.fromMask(photo, first.first().clone(), 1, LookConfidence.of(first), false);
    }

    /** The cut-out of the first look alone, with its hazes settled (as the service makes it). */
    public Cutout settled(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        return remover.fromLooks(photo, remover.withoutSecondLook().looks(photo), 1);
    }

    public Result run(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        long t0 = System.nanoTime();
        Looks first = remover.withoutSecondLook().looks(photo);
        long t1 = System.nanoTime();
        Looks mirrored = ALL_LOOKS ? remover.looks(photo, 0) : remover.looks(photo);
        long t2 = System.nanoTime();
        Looks all = ALL_LOOKS && CROP ? remover.looks(photo, 1) : mirrored;
        long t3 = System.nanoTime();
        Cutout one = remover.fromMask(photo, first.first().clone(), 1, LookConfidence.of(first), false);
        one = new Cutout(one.image(), one.method(), first.own().confidence()); // as before the haze counted
        long t4 = System.nanoTime();
        Looks service = remover.looks(photo); // as the service takes them: the second where it tells more
        Cutout both = remover.fromLooks(photo, service, 1);
        LookSignals s = LookSignals.of(all);
        return new Result(photo, one, both, one.confidence(), s.mirror(), s.crop(), signals(first), ms(t1 - t0),
                ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), service.second(), gray(first.first(), first.gw(), first.gh()));
    }

    private static long ms(long nanos) {
        return nanos / 1_000_000;
    }

    static FirstSignals signals(Looks first) {
        float[] p = first.first();
        int w = first.gw();
        int h = first.gh();
        float[] trimap = Trimap.of(p, w, h).values();
        long band = 0;
        for (float t : trimap) {
            band += t == Trimap.UNKNOWN ? 1 : 0;
        }
        long subject = ModelConfidence.subjectPixels(p);
        FirstLook own = first.own();
        return new FirstSignals(subject / (double) p.length, own.unsure(), own.haze(), band / (double) Math.max(1, subject),
                LookSignals.fragments(p, w, h), LookSignals.sides(p, w, h));
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
