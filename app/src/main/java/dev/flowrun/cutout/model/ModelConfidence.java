package dev.flowrun.cutout.model;

import static dev.flowrun.cutout.Confidence.ramp;
import static dev.flowrun.cutout.Confidence.subjectShare;

/**
 * How sure the model's cut-out is, 0..1, from its probability map: the share of the subject the model was unsure
 * of (probability between {@value #UNSURE_LOW} and {@value #UNSURE_HIGH}: where it does not know, the cut-out
 * shows it as see-through subject or left-over backdrop), and whether it found a subject at all (an empty or a
 * near-full mask).
 */
final class ModelConfidence {
    static final float UNSURE_LOW = 0.1f;
    static final float UNSURE_HIGH = 0.9f;
    /** Unsure pixels per subject pixel: up to the first a clean edge, from the second a cut-out to look at. */
    private static final double UNSURE_CLEAN = 0.1;
    private static final double UNSURE_BAD = 0.5;

    private ModelConfidence() {
    }

    static double of(float[] probability) {
        long subject = 0;
        long unsure = 0;
        for (float p : probability) {
            subject += p >= 0.5f ? 1 : 0;
            unsure += p > UNSURE_LOW && p < UNSURE_HIGH ? 1 : 0;
        }
        double unsureShare = (double) unsure / Math.max(1, subject);
        return (1 - ramp(unsureShare, UNSURE_CLEAN, UNSURE_BAD)) * subjectShare((double) subject / probability.length);
    }
}
