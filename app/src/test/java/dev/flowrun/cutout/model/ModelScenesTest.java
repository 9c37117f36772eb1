package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.scenes.QualityReport;
import dev.flowrun.nodes.scenes.QualityScenes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The model's matte on generated studio scenes with exact masks (one per case): as sharp as the true outline
 * (IoU), and edge colours cleaned of the backdrop. The classic method, made for these scenes and for its exact
 * backdrop model, is the yardstick; the model's colours come within twice its error (they were five times it
 * before the band's colours were cleaned by their own coverage).
 */
class ModelScenesTest {

    @Test
    void theMatteFollowsTheTrueOutlineAndItsEdgeColoursComeNearTheClassicMethods() throws Exception {
        List<QualityScenes.Scene> scenes = QualityScenes.generate(800, 600, 1, 2026);
        QualityReport model = QualityReport.run(scenes, NodeCatalogue.standard(
                new ModelBackgroundRemover(TestModel.loaded())));
        QualityReport classic = QualityReport.run(scenes);
        assertThat(model.meanIou()).as(model.table()).isGreaterThanOrEqualTo(0.997);
        assertThat(meanEdgeError(model)).as("model edge colour error against the classic method's\n" + model.table()
                + "\n" + classic.table()).isLessThanOrEqualTo(2 * meanEdgeError(classic));
    }

    private static double meanEdgeError(QualityReport report) {
        return report.scores().stream().filter(s -> !s.scene().kind().knownLimit)
                .mapToDouble(QualityReport.Score::edgeError).average().orElseThrow();
    }
}
