package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The calibration's rates at the default review mark (0.5), recomputed by {@link LookConfidence} from what
 * {@code CutoutCalibration} measured of the model's looks at each photograph (the fixture's signal columns; the
 * bench measures them anew from the model, {@link SecondLookTest} checks some of them against it): how many of the
 * cut-outs judged by eye as rejects are flagged, and how many accepts. The thresholds were chosen on these photographs
 * and the fresh set's (decisions 0048, 0053), so these are tuning figures; a held-back set is measured apart. No
 * inference here.
 */
class CalibrationRatesTest {
    private static final double REVIEW_BELOW = 0.5;

    /** Rejects flagged, rejects, accepts flagged, accepts, second looks taken. */
    record Rates(int rejectsFlagged, int rejects, int acceptsFlagged, int accepts, int secondLooks) {
    }

    @Test
    void theCalibrationPhotographsAreFlaggedAsTheThresholdsWereChosen() {
        List<CalibrationPhoto> all = CalibrationPhoto.all();
        assertThat(all).hasSize(64);
        // 34 rejects, 30 accepts.
        assertThat(rates(all, Confidence.BEFORE)).as("the first look's own confidence, as before the looks")
                .isEqualTo(new Rates(9, 34, 0, 30, 0));
        assertThat(rates(all, Confidence.ONE_LOOK)).as("secondLook false: the first look and its haze")
                .isEqualTo(new Rates(23, 34, 0, 30, 0));
        assertThat(rates(all, Confidence.LOOKS)).as("the looks the service takes")
                .isEqualTo(new Rates(32, 34, 2, 30, 17));
    }

    enum Confidence { BEFORE, ONE_LOOK, LOOKS }

    static Rates rates(List<CalibrationPhoto> photos, Confidence which) {
        int rejects = 0;
        int rejectsFlagged = 0;
        int accepts = 0;
        int acceptsFlagged = 0;
        int second = 0;
        for (CalibrationPhoto p : photos) {
            FirstLook own = p.measured().firstLook();
            boolean looks = which == Confidence.LOOKS && LookConfidence.secondLookTellsMore(own);
            second += looks ? 1 : 0;
            double confidence = switch (which) {
                case BEFORE -> own.confidence();
                case ONE_LOOK -> new LookConfidence(own, null).confidence(own);
                case LOOKS -> new LookConfidence(own, looks ? new LookSignals(p.measured().mirror(), p.measured().crop(), 0, 0) : null)
                        .confidence(own);
            };
            boolean flagged = confidence < REVIEW_BELOW;
            if (p.accepted()) {
                accepts++;
                acceptsFlagged += flagged ? 1 : 0;
            } else {
                rejects++;
                rejectsFlagged += flagged ? 1 : 0;
            }
        }
        return new Rates(rejectsFlagged, rejects, acceptsFlagged, accepts, second);
    }

    /** The set's rates for the first look alone, {@code secondLook: false} and the service's looks. */
    static void assertRates(List<CalibrationPhoto> set, Rates before, Rates oneLook, Rates looks) {
        assertThat(rates(set, Confidence.BEFORE)).as("the first look's own confidence, as before the looks")
                .isEqualTo(before);
        assertThat(rates(set, Confidence.ONE_LOOK)).as("secondLook false: the first look and its haze")
                .isEqualTo(oneLook);
        assertThat(rates(set, Confidence.LOOKS)).as("the looks the service takes").isEqualTo(looks);
    }

    /**
     * A held-back set is whole: every photograph judged with a reason and measured (the mirrored look's on all), the
     * four categories at least {@code perCategory} each, none of them among {@code tuning}.
     */
    static void assertJudgedMeasuredAndApart(List<CalibrationPhoto> set, int perCategory,
                                            List<CalibrationPhoto> tuning) {
        assertThat(set).allSatisfy(p -> assertThat(p.reason()).as(p.name()).isNotBlank())
                .allSatisfy(p -> assertThat(p.measured()).as(p.name()).isNotNull())
                .allSatisfy(p -> assertThat(p.measured().mirror()).as(p.name()).isNotNaN());
        Map<String, Long> counts = set.stream()
                .collect(Collectors.groupingBy(CalibrationPhoto::category, Collectors.counting()));
        assertThat(counts.keySet()).containsExactlyInAnyOrder("product", "animal", "person", "hard");
        assertThat(counts.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(perCategory));
        Set<String> tuned = tuning.stream().map(p -> p.source() + " " + p.path()).collect(Collectors.toSet());
        assertThat(set).noneMatch(p -> tuned.contains(p.source() + " " + p.path()));
    }
}
