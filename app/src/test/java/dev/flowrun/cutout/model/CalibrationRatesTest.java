package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The calibration's rates at the default review mark (0.5), recomputed by {@link LookConfidence} from what
 * {@code CutoutCalibration} measured of the model's looks at each photograph (the fixture's signal columns; the
 * bench measures them anew from the model, {@link SecondLookTest} checks two of them against it): on each half, how
 * many of the cut-outs judged by eye as rejects are flagged, and how many accepts. The thresholds were chosen on the
 * tuning half; the held-back half's figures are the ones reported (decision 0044). No inference here.
 */
class CalibrationRatesTest {
    private static final double REVIEW_BELOW = 0.5;

    /** Rejects flagged, rejects, accepts flagged, accepts. */
    record Rates(int rejectsFlagged, int rejects, int acceptsFlagged, int accepts) {
    }

    @Test
    void theHeldBackHalfIsFlaggedAsReported() {
        // 9 rejects, 18 accepts: one look flagged 3 rejects and no accept; the looks flag 6 rejects and no accept.
        assertThat(rates(true, false)).as("one look, as before").isEqualTo(new Rates(3, 9, 0, 18));
        assertThat(rates(true, true)).as("the looks the service takes").isEqualTo(new Rates(6, 9, 0, 18));
    }

    @Test
    void theTuningHalfIsFlaggedAsTheThresholdsWereChosen() {
        assertThat(rates(false, false)).as("one look, as before").isEqualTo(new Rates(6, 25, 0, 12));
        assertThat(rates(false, true)).as("the looks the service takes").isEqualTo(new Rates(20, 25, 1, 12));
    }

    @Test
    void aSecondLookIsTakenOnlyWhereItCanTellMoreAndWasMeasuredThere() {
        for (CalibrationPhoto p : CalibrationPhoto.all()) {
            FirstLook own = p.measured().firstLook();
            if (LookConfidence.secondLookTellsMore(own)) {
                assertThat(p.measured().mirror()).as(p.name() + ": the mirrored look's disagreement").isNotNaN();
            }
        }
    }

    /** The rates on one half, by the first look's own confidence as it was before, or by the service's looks. */
    static Rates rates(boolean heldBack, boolean looks) {
        int rejects = 0;
        int rejectsFlagged = 0;
        int accepts = 0;
        int acceptsFlagged = 0;
        List<CalibrationPhoto> half = CalibrationPhoto.all().stream().filter(p -> p.heldBack() == heldBack).toList();
        for (CalibrationPhoto p : half) {
            boolean flagged = (looks ? confidence(p) : p.measured().first()) < REVIEW_BELOW;
            if (p.accepted()) {
                accepts++;
                acceptsFlagged += flagged ? 1 : 0;
            } else {
                rejects++;
                rejectsFlagged += flagged ? 1 : 0;
            }
        }
        return new Rates(rejectsFlagged, rejects, acceptsFlagged, accepts);
    }

    /** The confidence the service gives, from the measured signals. */
    static double confidence(CalibrationPhoto p) {
        FirstLook own = p.measured().firstLook();
        LookSignals second = LookConfidence.secondLookTellsMore(own)
                ? new LookSignals(p.measured().mirror(), 0, 0, 0) : null;
        return new LookConfidence(own, second).confidence(own);
    }
}
