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

    /** The photograph as the service decodes it. */
    public BufferedImage photo(CalibrationPhoto p) throws Exception {
        return decoder.decode(Photos.get(p.source(), p.path()));
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

    /**
     * What a calibration fixture keeps of one photograph (its columns first to crop): the first look's own signals, the
     * mirrored look's disagreement, and the crop look's where the service takes one ({@link Looks#CROP_AT_MOST}; NaN
     * where it takes none), with that crop look's time in milliseconds (on the pass that inferred it).
     */
    public record Measured(double first, double unsure, double haze, double mirror, double edgeless, double crop,
                           long cropMillis) {
    }

    public Measured measured(CalibrationPhoto p) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(p.source(), p.path()));
        ModelBackgroundRemover remover = cache.remover();
        long t0 = System.nanoTime();
        Looks looks = remover.looks(photo, Looks.CROP_AT_MOST);
        long millis = ms(System.nanoTime() - t0);
        LookSignals s = LookSignals.of(looks);
        FirstLook own = looks.own();
        return new Measured(own.confidence(), own.unsure(), own.haze(), s.mirror(), own.edgeless(),
                looks.crop() == null ? Double.NaN : s.crop(), looks.crop() == null ? 0 : millis);
    }

    /**
     * Candidate signals for the confidence, measured on the model's looks at one photograph (every look taken):
     * names and values in a fixed order, for the bench to tabulate and compare.
     */
    public java.util.LinkedHashMap<String, Double> candidates(Photos.Source source, String path) throws Exception {
        BufferedImage photo = decoder.decode(Photos.get(source, path));
        ModelBackgroundRemover remover = cache.remover();
        Looks all = remover.looks(photo, CROP ? 1 : 0);
        float[] p = all.first();
        int w = all.gw();
        int h = all.gh();
        java.util.LinkedHashMap<String, Double> c = new java.util.LinkedHashMap<>();
        FirstLook own = all.own();
        long subject = Math.max(1, ModelConfidence.subjectPixels(p));
        c.put("first", own.confidence());
        c.put("unsure", own.unsure());
        c.put("haze", own.haze());
        c.put("edgeless", own.edgeless());
        c.put("subject", subject / (double) p.length);
        // haze split by the window's mean probability
        int r = Math.max(2, Math.max(w, h) / Haze.RADIUS_DIVISOR);
        float[] unsure = new float[p.length];
        for (int i = 0; i < p.length; i++) {
            unsure[i] = p[i] > Trimap.UNSURE_LOW && p[i] < Trimap.UNSURE_HIGH ? 1 : 0;
        }
        float[] share = BoxMean.of(unsure, w, h, r);
        float[] mean = BoxMean.of(p, w, h, r);
        double lean = 0;
        double lean40 = 0;
        double weighted = 0;
        double inSubject = 0;
        for (int i = 0; i < p.length; i++) {
            if (share[i] >= Haze.SCATTERED) {
                lean += mean[i] < 0.5f ? 1 : 0;
                lean40 += mean[i] < 0.4f ? 1 : 0;
                weighted += 1 - mean[i];
                inSubject += p[i] >= 0.5f ? 1 : 0;
            }
        }
        c.put("hazeLean", lean / subject);
        c.put("hazeLean40", lean40 / subject);
        c.put("hazeWeighted", weighted / subject);
        c.put("hazeInSubject", inSubject / subject);
        // band and outline
        float[] trimap = Trimap.of(p, w, h).values();
        long band = 0;
        for (float t : trimap) {
            band += t == Trimap.UNKNOWN ? 1 : 0;
        }
        long outline = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                if (p[i] >= 0.5f && (x == 0 || x == w - 1 || y == 0 || y == h - 1 || p[i - 1] < 0.5f
                        || p[i + 1] < 0.5f || p[i - w] < 0.5f || p[i + w] < 0.5f)) {
                    outline++;
                }
            }
        }
        c.put("band", band / (double) subject);
        c.put("bandWidth", band / (double) Math.max(1, outline));
        c.put("outlinePerRoot", outline / Math.sqrt(subject));
        c.put("fragments", LookSignals.fragments(p, w, h));
        c.put("sides", (double) LookSignals.sides(p, w, h));
        // the mirrored look
        float[] m = all.mirrored();
        c.put("mirror", LookSignals.disagreement(p, m, w, new int[] {0, 0, w, h}));
        double inFirst = 0;
        double lost = 0;
        double gained = 0;
        double soft = 0;
        double union = 0;
        double absSum = 0;
        for (int i = 0; i < p.length; i++) {
            boolean a = p[i] >= 0.5f;
            boolean b = m[i] >= 0.5f;
            double d = Math.abs(p[i] - m[i]);
            if (a || b) {
                union++;
                absSum += d;
                soft += d > 0.25 ? 1 : 0;
            }
            if (a) {
                inFirst += d > 0.5 ? 1 : 0;
                lost += b ? 0 : 1;
            } else if (b) {
                gained++;
            }
        }
        c.put("mirrorSubject", inFirst / subject);
        c.put("mirrorLost", lost / subject);
        c.put("mirrorGained", gained / subject);
        c.put("mirrorSoft", soft / Math.max(1, union));
        c.put("mirrorMean", absSum / Math.max(1, union));
        // the crop look
        int[] box = all.box();
        c.put("boxShare", box == null ? 1 : (double) box[2] * box[3] / (w * (double) h));
        c.put("crop", all.crop() == null ? 0 : LookSignals.disagreement(p, all.crop(), w, box));
        double cropSubject = 0;
        if (all.crop() != null) {
            for (int y = box[1]; y < box[1] + box[3]; y++) {
                for (int x = box[0]; x < box[0] + box[2]; x++) {
                    float a = p[y * w + x];
                    float b = all.crop()[(y - box[1]) * box[2] + x - box[0]];
                    cropSubject += a >= 0.5f && Math.abs(a - b) > 0.5f ? 1 : 0;
                }
            }
        }
        c.put("cropSubject", cropSubject / subject);
        return c;
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
