package dev.flowrun.cutout.classic;

import static dev.flowrun.cutout.Confidence.ramp;
import static dev.flowrun.cutout.Confidence.subjectShare;

/**
 * How sure the classic cut-out is, 0..1, from how well its backdrop model explains the image border (the whole
 * method rests on the border being backdrop) and from what it kept: nothing, or nearly everything, means it found
 * no subject on a backdrop.
 */
final class ClassicConfidence {
    /** Border shares explained by the backdrop: at or above the first fully trusted, at or below the second not. */
    private static final double EXPLAINED_FULL = 0.9;
    private static final double EXPLAINED_NONE = 0.5;
    /** Backdrop noise (90th-percentile ΔE of the border): clean below the first, a scene at the second. */
    private static final double SPREAD_CLEAN = 6;
    private static final double SPREAD_SCENE = 30;

    private ClassicConfidence() {
    }

    static double of(BackgroundModel model, byte[] mask) {
        long kept = 0;
        for (byte m : mask) {
            kept += m;
        }
        double border = ramp(model.explained(), EXPLAINED_NONE, EXPLAINED_FULL);
        double noise = 1 - ramp(model.spread(), SPREAD_CLEAN, SPREAD_SCENE);
        return border * noise * subjectShare((double) kept / mask.length);
    }
}
