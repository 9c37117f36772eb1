package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.scenes.QualityReport;
import dev.flowrun.nodes.scenes.QualityScenes;
import dev.flowrun.nodes.scenes.QualityScenes.Case;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The model's matte on generated studio scenes with exact masks (one per case): as sharp as the true outline
 * (IoU), and edge colours cleaned of the backdrop. The classic method, made for these scenes and for its exact
 * backdrop model, is the yardstick: the model's mean edge colour error is at most its own on the same scenes. Both
 * figures and both tables are printed, so a run's report shows how far apart they are.
 *
 * <p>The model sees every case but two, each scene an inference of seconds: the tolerance case (a plain scene whose
 * tolerance the model ignores) and the known limit (a colour-based method's, outside every total). The classic
 * method is cut on all of them, for its table; the quality benchmark runs the model on every case too.
 */
class ModelScenesTest {
    private static final Set<Case> NOT_FOR_THE_MODEL = Set.of(Case.TOLERANCE, Case.GRAY_BESIDE_SHADOW);

    @Test
    void theMatteFollowsTheTrueOutlineAndItsEdgeColoursAreAsCleanAsTheClassicMethods() throws Exception {
        List<QualityScenes.Scene> scenes = QualityScenes.generate(800, 600, 1, 2026);
        List<QualityScenes.Scene> modelScenes = scenes.stream().filter(s -> !NOT_FOR_THE_MODEL.contains(s.kind()))
                .toList();
        QualityReport model = QualityReport.run(modelScenes, NodeCatalogue.standard(CachingModelRemover.oneLook()));
        QualityReport classic = QualityReport.run(scenes);
        Predicate<QualityReport.Score> modelCase = s -> !NOT_FOR_THE_MODEL.contains(s.scene().kind());
        String figures = String.format(Locale.ROOT, "edge colour error on the generated scenes the model saw: model "
                + "%.2f, classic %.2f%nmodel:%n%s%nclassic:%n%s", meanEdgeError(model, modelCase),
                meanEdgeError(classic, modelCase), model.table(), classic.table());
        System.out.println(figures);
        assertThat(model.scores()).hasSize(Case.values().length - NOT_FOR_THE_MODEL.size());
        assertThat(model.meanIou()).as(model.table()).isGreaterThanOrEqualTo(0.997);
        assertThat(meanEdgeError(model, modelCase)).as(figures)
                .isLessThanOrEqualTo(meanEdgeError(classic, modelCase));
    }

    private static double meanEdgeError(QualityReport report, Predicate<QualityReport.Score> counted) {
        return report.scores().stream().filter(s -> !s.scene().kind().knownLimit).filter(counted)
                .mapToDouble(QualityReport.Score::edgeError).average().orElseThrow();
    }
}
