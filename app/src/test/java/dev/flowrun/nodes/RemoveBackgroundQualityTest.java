package dev.flowrun.nodes;

import dev.flowrun.nodes.scenes.QualityReport;
import dev.flowrun.nodes.scenes.QualityScenes;
import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quality benchmark's guard in CI: one small generated shot per case (the benchmark runs five larger ones).
 * The bar is lower than the benchmark's goal (mean 0.97, worst 0.90) so only a real regression fails the build.
 */
class RemoveBackgroundQualityTest {

    @Test
    void meanIouOverEveryCaseStaysAboveTheBar() throws Exception {
        QualityReport report = QualityReport.run(QualityScenes.generate(320, 240, 1, 11));
        String table = report.table();
        assertThat(report.meanIou()).as(table).isGreaterThanOrEqualTo(0.95);
        assertThat(report.worst().iou()).as(table).isGreaterThanOrEqualTo(0.85);
        assertThat(report.scores().stream().map(s -> s.scene().kind()).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder(QualityScenes.Case.values());
    }
}
