package dev.flowrun.nodes.scenes;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.nodes.scenes.QualityScenes.Case;
import dev.flowrun.nodes.scenes.QualityScenes.Scene;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the removeBackground node over generated scenes and scores each cut-out: IoU of (alpha > 127) against the
 * true mask, and the edge colour error (how far the visible colours along the outline are from the subject's own
 * colour: a halo of the backdrop shows up here) before and after the node.
 */
public final class QualityReport {
    /** One scene's scores. Edge errors are mean max-channel differences over the outline's mixed pixels. */
    public record Score(Scene scene, double iou, double rawEdgeError, double edgeError) {
    }

    private final List<Score> scores = new ArrayList<>();

    public static QualityReport run(List<Scene> scenes) throws Exception {
        return run(scenes, NodeCatalogue.standard());
    }

    /** The same through another catalogue's removeBackground, e.g. one with the segmentation model. */
    public static QualityReport run(List<Scene> scenes, NodeCatalogue catalogue) throws Exception {
        ObjectMapper json = new ObjectMapper();
        QualityReport report = new QualityReport();
        for (Scene scene : scenes) {
            TransformNode node = (TransformNode) catalogue.find("removeBackground").orElseThrow()
                    .compile(json.readTree(scene.kind().data));
            report.scores.add(score(scene, node.apply(scene.image())));
        }
        return report;
    }

    public static Score score(Scene scene, BufferedImage cut) {
        int w = cut.getWidth();
        int[] out = cut.getRGB(0, 0, w, cut.getHeight(), null, 0, w);
        int[] in = ((DataBufferInt) scene.image().getRaster().getDataBuffer()).getData();
        long both = 0;
        long either = 0;
        double raw = 0;
        double after = 0;
        int edge = 0;
        for (int i = 0; i < out.length; i++) {
            boolean mine = (out[i] >>> 24) > 127;
            both += mine && scene.mask()[i] ? 1 : 0;
            either += mine || scene.mask()[i] ? 1 : 0;
            float c = scene.cover()[i];
            if (c > 0.1f && c < 0.9f && (out[i] >>> 24) > 0) {
                raw += difference(in[i], scene.subject()[i]);
                after += difference(out[i], scene.subject()[i]);
                edge++;
            }
        }
        double iou = either == 0 ? 1 : (double) both / either;
        return new Score(scene, iou, edge == 0 ? 0 : raw / edge, edge == 0 ? 0 : after / edge);
    }

    private static int difference(int a, int b) {
        int d = 0;
        for (int s = 16; s >= 0; s -= 8) {
            d = Math.max(d, Math.abs((a >> s & 0xFF) - (b >> s & 0xFF)));
        }
        return d;
    }

    public List<Score> scores() {
        return scores;
    }

    /** Over the cases the method is meant to handle (known limits left out). */
    public double meanIou() {
        return counted().mapToDouble(Score::iou).average().orElse(0);
    }

    /** The lowest IoU over the cases the method is meant to handle. */
    public Score worst() {
        return counted().min((a, b) -> Double.compare(a.iou(), b.iou())).orElseThrow();
    }

    private java.util.stream.Stream<Score> counted() {
        return scores.stream().filter(s -> !s.scene().kind().knownLimit);
    }

    /** A markdown table, one row per case and one for all. */
    public String table() {
        Map<Case, List<Score>> byCase = new EnumMap<>(Case.class);
        for (Score s : scores) {
            byCase.computeIfAbsent(s.scene().kind(), k -> new ArrayList<>()).add(s);
        }
        StringBuilder out = new StringBuilder();
        out.append("| case | images | mean IoU | worst IoU | edge colour error, input → cut-out |\n");
        out.append("|---|---:|---:|---:|---:|\n");
        for (Map.Entry<Case, List<Score>> e : byCase.entrySet()) {
            if (!e.getKey().knownLimit) {
                row(out, e.getKey().description, e.getValue());
            }
        }
        row(out, "**all**", counted().toList());
        for (Map.Entry<Case, List<Score>> e : byCase.entrySet()) {
            if (e.getKey().knownLimit) {
                row(out, "_" + e.getKey().description + " (not in all)_", e.getValue());
            }
        }
        return out.toString();
    }

    private static void row(StringBuilder out, String name, List<Score> group) {
        double mean = group.stream().mapToDouble(Score::iou).average().orElse(0);
        double worst = group.stream().mapToDouble(Score::iou).min().orElse(0);
        double raw = group.stream().mapToDouble(Score::rawEdgeError).average().orElse(0);
        double after = group.stream().mapToDouble(Score::edgeError).average().orElse(0);
        out.append(String.format(Locale.ROOT, "| %s | %d | %.4f | %.4f | %.1f → %.1f |%n", name, group.size(), mean,
                worst, raw, after));
    }
}
