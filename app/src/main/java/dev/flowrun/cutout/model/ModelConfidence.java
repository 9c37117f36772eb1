package dev.flowrun.cutout.model;

import static dev.flowrun.cutout.Confidence.ramp;
import static dev.flowrun.cutout.Confidence.subjectShare;

/**
 * How sure the model's cut-out is, 0..1, from its probability map and the trimap made of it: how much of the
 * picture the model was unsure of (probability between {@value Trimap#UNSURE_LOW} and {@value Trimap#UNSURE_HIGH})
 * away from the outline, where the trimap had to decide by the one-half rule, per pixel of subject; and whether it
 * found a subject at all (an empty or a near-full mask). Unsure pixels along the outline are no sign of a bad
 * cut-out: every soft edge, hair and thin part (a lattice mast) has them.
 */
final class ModelConfidence {
    /** Unsure pixels off the outline per subject pixel: up to the first a clean cut-out, from the second a bad one. */
    private static final double UNSURE_CLEAN = 0.05;
    private static final double UNSURE_BAD = 0.4;

    private ModelConfidence() {
    }

    static double of(float[] probability, float[] trimap) {
        return (1 - ramp(unsureShare(probability, trimap), UNSURE_CLEAN, UNSURE_BAD))
                * subjectShare((double) subjectPixels(probability) / probability.length);
    }

    /** Unsure pixels the trimap decided (away from the outline) per subject pixel. */
    static double unsureShare(float[] probability, float[] trimap) {
        long unsure = 0;
        for (int i = 0; i < probability.length; i++) {
            float p = probability[i];
            boolean decided = trimap[i] != Trimap.UNKNOWN;
            unsure += decided && p > Trimap.UNSURE_LOW && p < Trimap.UNSURE_HIGH ? 1 : 0;
        }
        return (double) unsure / Math.max(1, subjectPixels(probability));
    }

    /** Pixels of subject: probability at least one half. */
    static long subjectPixels(float[] probability) {
        long subject = 0;
        for (float p : probability) {
            subject += p >= 0.5f ? 1 : 0;
        }
        return subject;
    }
}
