package dev.flowrun.cutout.model;

import static dev.flowrun.cutout.Confidence.ramp;

/**
 * The model's confidence in a cut-out from what its looks say: the first look's own ({@link FirstLook}: its unsure
 * share and the subject's share of the picture), lowered by a broad haze in it, and, where a second look was taken,
 * by how far the first and the mirrored look disagree (counting more where the first look's outline runs where the
 * picture has no edge), and by how far the crop look disagrees. Calibrated on 110 photographs judged by eye, see
 * {@code docs/background-removal.md} and decisions 0044, 0048 and 0053.
 *
 * @param own     the first look's own signals, or null to read them from the mask the cut-out is made of
 * @param signals what the other looks say, or null for one look
 */
record LookConfidence(FirstLook own, LookSignals signals) {
    /** Haze per subject pixel up to the first is a clean cut-out's, from the second a bad one's. */
    static final double HAZE_CLEAN = 0.08;
    static final double HAZE_BAD = 0.16;
    /**
     * Disagreement between the first and the mirrored look (share of the subject where they differ by more than ½)
     * up to the first is a clean cut-out's, from the second a bad one's.
     */
    static final double AGREE = 0.01;
    static final double DISAGREE = 0.03;
    /**
     * The mirrored disagreement counts {@code 1 + edgeless / EDGELESS_WEIGHT} times: two weak hints of one guess (an
     * outline the picture does not show, looks that differ a little) add up.
     */
    static final double EDGELESS_WEIGHT = 0.1;
    /** Disagreement of the crop look (within its box) up to the first is a clean cut-out's, from the second a bad one's. */
    static final double CROP_AGREE = 0.05;
    static final double CROP_DISAGREE = 0.10;
    /**
     * A first look this sure of itself (unsure and haze shares at most these) needs no second, unless at least this
     * share of its outline runs where the picture has no edge ({@link EdgelessOutline}).
     */
    static final double EDGELESS_SUSPECT = 0.06;
    static final double PLAINLY_SURE_UNSURE = 0.01;
    static final double PLAINLY_SURE_HAZE = 0.01;
    /** A first look whose own confidence is below this is flagged already: a second could only lower it further. */
    static final double FLAGGED_BELOW = 0.5;

    static LookConfidence of(Looks looks) {
        return new LookConfidence(looks.own(), looks.second() ? LookSignals.of(looks) : null);
    }

    /** One look whose signals are read from the mask. */
    static LookConfidence oneLook() {
        return new LookConfidence(null, null);
    }

    /** The first look's confidence from its own signals alone, the haze included. */
    static double firstLook(FirstLook own) {
        return own.confidence() * (1 - ramp(own.haze(), HAZE_CLEAN, HAZE_BAD));
    }

    /**
     * Whether a second look can tell more than the first: not when the first is flagged already (the second could
     * only lower its confidence), nor when it is plainly sure (no unsure pixels off the outline, no haze) along an
     * outline the picture shows.
     */
    static boolean secondLookTellsMore(FirstLook own) {
        boolean plainlySure = own.unsure() <= PLAINLY_SURE_UNSURE && own.haze() <= PLAINLY_SURE_HAZE
                && own.edgeless() < EDGELESS_SUSPECT;
        return !plainlySure && firstLook(own) >= FLAGGED_BELOW;
    }

    /** The cut-out's confidence, {@code own} being the first look's signals. */
    double confidence(FirstLook own) {
        double first = firstLook(own);
        if (signals == null) {
            return first;
        }
        double mirror = signals.mirror() * (1 + own.edgeless() / EDGELESS_WEIGHT);
        return first * (1 - ramp(mirror, AGREE, DISAGREE)) * (1 - ramp(signals.crop(), CROP_AGREE, CROP_DISAGREE));
    }
}
