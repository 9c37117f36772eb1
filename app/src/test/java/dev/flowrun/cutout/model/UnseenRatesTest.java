package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.CalibrationRatesTest.Rates;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The confidence on the unseen held-back set ({@code cutout-unseen.tsv}): real photographs of packages no test had
 * used, fixed before any cut-out of them was made, judged by eye blind to the confidence, and measured once with the
 * confidence tuned on the calibration and fresh sets (decision 0053). Its rates at the default review mark are
 * recomputed by the production {@link LookConfidence} from what {@code CutoutCalibration} measured of the model's
 * looks at each photograph, so a later change to the confidence shows its effect on photographs it was not tuned on.
 * No inference and no photograph here.
 */
class UnseenRatesTest {
    private final List<CalibrationPhoto> unseen = CalibrationPhoto.unseen();

    @Test
    void theUnseenSetIsFlaggedAsMeasuredOnce() {
        // 50 rejects, 28 accepts. The looks reach the rejects' aim (at least 80%: 43 of 50) and miss the accepts' (at
        // most 10%: 6 of 28 flagged); secondLook false flags 33 and 4 (decision 0052).
        CalibrationRatesTest.assertRates(unseen, new Rates(22, 50, 1, 28, 0), new Rates(33, 50, 4, 28, 0),
                new Rates(43, 50, 6, 28, 16));
    }

    @Test
    void theUnseenSetIsJudgedMeasuredAndApartFromTheTuningSets() {
        assertThat(unseen).hasSizeGreaterThanOrEqualTo(60);
        assertThat(unseen.stream().map(CalibrationPhoto::name).distinct()).hasSameSizeAs(unseen);
        CalibrationRatesTest.assertJudgedMeasuredAndApart(unseen, 12,
                Stream.concat(CalibrationPhoto.all().stream(), CalibrationPhoto.fresh().stream()).toList());
    }
}
