package dev.flowrun.cutout;

/** Pieces both methods build their confidence from. */
public final class Confidence {
    private Confidence() {
    }

    /**
     * 1 for a subject between 5% and 95% of the picture, falling to 0 at nothing and at everything: an empty or a
     * near-full cut-out means no subject was told apart from a background, and a speck of a few percent of a
     * photograph is more often a wrong pick (a clip on a pot plant, a tower top of a building) than the subject.
     */
    public static double subjectShare(double share) {
        return Math.min(ramp(share, 0, 0.05), 1 - ramp(share, 0.95, 1));
    }

    /** 0 at or below {@code low}, 1 at or above {@code high}, linear between. */
    public static double ramp(double value, double low, double high) {
        return Math.max(0, Math.min(1, (value - low) / (high - low)));
    }
}
