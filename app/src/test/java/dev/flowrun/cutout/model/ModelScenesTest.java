package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.scenes.QualityReport;
import dev.flowrun.nodes.scenes.QualityScenes;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The model's matte on generated studio scenes with exact masks (one per case): as sharp as the true outline
 * (IoU), and edge colours cleaned of the backdrop. The classic method, made for these scenes and for its exact
 * backdrop model, is the yardstick: the model's mean edge colour error is at most its own. Both figures and both
 * tables are printed, so a run's report shows how far apart they are.
 */
class ModelScenesTest {

    @Test
    void theMatteFollowsTheTrueOutlineAndItsEdgeColoursAreAsCleanAsTheClassicMethods() throws Exception {
        List<QualityScenes.Scene> scenes = QualityScenes.generate(800, 600, 1, 2026);
        QualityReport model = QualityReport.run(scenes, NodeCatalogue.standard(CachingModelRemover.oneLook()));
        QualityReport classic = QualityReport.run(scenes);
        String figures = String.format(Locale.ROOT, "edge colour error on the generated scenes: model %.2f, classic "
                + "%.2f%nmodel:%n%s%nclassic:%n%s", meanEdgeError(model), meanEdgeError(classic), model.table(),
                classic.table());
        System.out.println(figures);
        assertThat(model.meanIou()).as(model.table()).isGreaterThanOrEqualTo(0.997);
        assertThat(meanEdgeError(model)).as(figures).isLessThanOrEqualTo(meanEdgeError(classic));
    }

    private static double meanEdgeError(QualityReport report) {
        return report.scores().stream().filter(s -> !s.scene().kind().knownLimit)
                .mapToDouble(QualityReport.Score::edgeError).average().orElseThrow();
    }
}
