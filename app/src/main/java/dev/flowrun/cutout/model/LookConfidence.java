package dev.flowrun.cutout.model;

import static dev.flowrun.cutout.Confidence.ramp;

/**
 * The confidence the looks give beside the first look's own ({@link ModelConfidence}): where a second look was
 * taken, how far the looks agree. Calibrated on photographs judged by eye, see {@code docs/background-removal.md}.
 */
record LookConfidence(LookSignals signals) {
    /** Disagreement between the looks up to the first is a clean cut-out's, from the second a bad one's. */
    static final double AGREE = 0.02;
    static final double DISAGREE = 0.10;

    static LookConfidence of(Looks looks) {
        return new LookConfidence(looks.second() ? LookSignals.of(looks) : null);
    }

    /** The cut-out's confidence from the first look's own and the looks' agreement. */
    double with(double firstLook) {
        if (signals == null) {
            return firstLook;
        }
        double disagreement = Math.max(signals.mirror(), signals.crop());
        return firstLook * (1 - ramp(disagreement, AGREE, DISAGREE));
    }
}
