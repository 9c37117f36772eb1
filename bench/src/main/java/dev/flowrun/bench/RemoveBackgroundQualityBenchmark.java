package dev.flowrun.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.cutout.model.TestModel;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.nodes.scenes.QualityReport;
import dev.flowrun.nodes.scenes.QualityScenes;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * removeBackground quality, both methods. On 60 generated 800×600 product shots with exact masks (5 per case of
 * {@link QualityScenes.Case}): mean and worst IoU of (alpha > 127) against the mask, per case, as a markdown table
 * (classic goal: mean ≥ 0.97, worst ≥ 0.90). On real photographs from Debian packages ({@link PhotoQuality}):
 * hand-checked points and OpenCV's matting example. Run with
 * {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.RemoveBackgroundQualityBenchmark}
 * ({@code -Dbench.modelPerCase=2} runs the model on fewer scenes); add {@code -Dexec.args=/tmp/cutouts} to also
 * write each scene's input and cut-out there as PNG, and the photos' contact sheets. The model is the tests' ISNet
 * ({@code FLOWRUN_TEST_MODEL}, else fetched into {@code ~/.cache/flowrun/models}).
 */
public final class RemoveBackgroundQualityBenchmark {
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        List<QualityScenes.Scene> scenes = QualityScenes.generate(800, 600, 5, 2026);
        QualityReport report = QualityReport.run(scenes);
        System.out.println("classic, generated scenes:\n");
        System.out.print(report.table());
        QualityReport.Score worst = report.worst();
        System.out.printf(Locale.ROOT, "%nworst: %s (IoU %.4f); %d images in %.1f s%n", worst.scene().name(),
                worst.iou(), scenes.size(), (System.nanoTime() - start) / 1e9);
        Path out = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("flowrun-quality");
        if (args.length > 0) {
            write(out, report);
        }
        SegmentationModel model = TestModel.loaded();
        NodeCatalogue withModel = NodeCatalogue.standard(new ModelBackgroundRemover(model));
        List<QualityScenes.Scene> modelScenes = QualityScenes.generate(800, 600,
                Integer.getInteger("bench.modelPerCase", 5), 2026);
        start = System.nanoTime();
        QualityReport modelReport = QualityReport.run(modelScenes, withModel);
        System.out.printf(Locale.ROOT, "%nmodel (%s), generated scenes (%.0f s):%n%n", model,
                (System.nanoTime() - start) / 1e9);
        System.out.print(modelReport.table());
        System.out.println("\nreal photographs (points right of points checked):\n");
        System.out.print(new PhotoQuality(model).run(out));
        System.out.println("\ncontact sheets written to " + out);
        model.close();
    }

    /** Per scene one PNG: the input on the left, the cut-out over magenta on the right (halos show at once). */
    private static void write(Path dir, QualityReport report) throws Exception {
        Files.createDirectories(dir);
        NodeCatalogue catalogue = NodeCatalogue.standard();
        ObjectMapper json = new ObjectMapper();
        for (QualityReport.Score s : report.scores()) {
            TransformNode node = (TransformNode) catalogue.find("removeBackground").orElseThrow()
                    .compile(json.readTree(s.scene().kind().data));
            BufferedImage input = s.scene().image();
            BufferedImage cut = node.apply(input);
            int w = input.getWidth();
            BufferedImage sheet = new BufferedImage(2 * w, input.getHeight(), BufferedImage.TYPE_INT_RGB);
            Graphics2D g = sheet.createGraphics();
            g.drawImage(input, 0, 0, null);
            g.setColor(Color.MAGENTA);
            g.fillRect(w, 0, w, input.getHeight());
            g.drawImage(cut, w, 0, null);
            g.dispose();
            ImageIO.write(sheet, "png", dir.resolve(s.scene().name() + ".png").toFile());
            System.out.printf(Locale.ROOT, "%-28s IoU %.4f  edge colour error %.1f%n", s.scene().name(), s.iou(),
                    s.edgeError());
        }
        System.out.println("images written to " + dir);
    }
}
