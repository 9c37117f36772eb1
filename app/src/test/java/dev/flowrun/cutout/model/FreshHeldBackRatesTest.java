package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.cutout.model.CalibrationRatesTest.Rates;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The confidence on the fresh set ({@code cutout-fresh.tsv}): real photographs fixed before any cut-out of them was
 * made and judged by eye blind to the confidence (decision 0047). They were held back from the confidence of decision
 * 0048 (its figures there); since decision 0053 they are tuning data too, so the figures here are tuning figures, and
 * the held-back measure is another set's. Its rates at the default review mark are recomputed by the production
 * {@link LookConfidence} from what {@code CutoutCalibration} measured of the model's looks at each photograph. No
 * inference here.
 */
class FreshHeldBackRatesTest {
    private final List<CalibrationPhoto> fresh = CalibrationPhoto.fresh();

    @Test
    void theFreshSetIsFlaggedAsTheThresholdsWereChosen() {
        // 35 rejects, 11 accepts. Held back, decision 0048's looks flagged 26 and 0 (decision 0047); tuned on them
        // with the calibration set (decision 0053), the looks flag 31 and 0.
        CalibrationRatesTest.assertRates(fresh, new Rates(14, 35, 0, 11, 0), new Rates(24, 35, 0, 11, 0),
                new Rates(31, 35, 0, 11, 9));
    }

    @Test
    void theFreshSetIsJudgedMeasuredAndApartFromTheCalibration() {
        assertThat(fresh).hasSizeGreaterThanOrEqualTo(36);
        CalibrationRatesTest.assertJudgedMeasuredAndApart(fresh, 8, CalibrationPhoto.all());
    }
}
