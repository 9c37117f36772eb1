package dev.flowrun.bench;

import dev.flowrun.cutout.model.Calibration;
import dev.flowrun.cutout.model.CalibrationPhoto;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cut-out calibration (the photographs of {@code cutout-calibration.tsv}, judged by eye): per photograph the
 * confidence of one look and of the second look, the signals, whether it is flagged at the default mark, and the
 * rates on all of them: rejects flagged (aim: at least 80%) and accepts flagged (aim: at most 10%). These are the
 * photographs the confidence was tuned on; a held-back set is measured apart from them. Writes
 * each cut-out flattened on magenta (one look | looks) beside the photo and the first look's probability, in
 * sheets of four, to look at.
 *
 * <p>Run: {@code mvn -q -pl bench -am test-compile exec:java -Dexec.mainClass=dev.flowrun.bench.CutoutCalibration
 * -Dexec.args="OUT [all|name,name|signals|fresh|judge:fresh|unseen|judge:unseen]"} with
 * {@code -Dflowrun.modelAnswers=DIR} to keep the model's answers between runs; {@code fresh} measures the fresh held-back
 * set ({@code cutout-fresh.tsv}) instead, {@code unseen} the unseen one ({@code cutout-unseen.tsv}; its fixture
 * columns, and the service's crop look's time, to {@code OUT/fixture.tsv}), and
 * {@code judge:fresh} or {@code judge:unseen} writes only that set's sheets to judge by eye (photo | the service's
 * cut-out on magenta | on green), with no number on them or printed.
 */
public final class CutoutCalibration {
    private static final double REVIEW_BELOW = 0.5;

    private CutoutCalibration() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "/tmp/flowrun-calibration");
        Files.createDirectories(out);
        String half = args.length > 1 ? args[1] : "all";
        Calibration calibration = new Calibration();
        if (half.equals("judge:fresh") || half.equals("judge:unseen")) {
            judge(calibration, out, half.equals("judge:unseen") ? CalibrationPhoto.unseen() : CalibrationPhoto.fresh());
            return;
        }
        if (half.startsWith("matte:")) { // the first look's cut-outs, hazes settled, flattened on magenta
            for (CalibrationPhoto p : CalibrationPhoto.all()) {
                if (List.of(half.substring(6).split(",")).contains(p.name())) {
                    javax.imageio.ImageIO.write(calibration.settled(p).image(), "png",
                            out.resolve(p.name() + "-matte.png").toFile());
                }
            }
            return;
        }
        if (half.equals("signals")) { // candidate signals of every photograph, to compare confidence schemes
            signals(calibration, out);
            return;
        }
        System.err.println("[calibration] load average at start " + Machine.loadAverage());
        StringBuilder tsv = new StringBuilder("name\tcategory\tsplit\tverdict\tone\tlooks\tmirror\tcrop\tsubject"
                + "\tunsure\thaze\tband\tfragments\tsides\tfirstMs\tmirrorMs\tcropMs\tpostMs\tsecond\treason\n");
        List<Row> rows = new ArrayList<>();
        StringBuilder fixture = new StringBuilder();
        ContactSheet sheet = new ContactSheet(360);
        int inSheet = 0;
        int sheets = 0;
        boolean unseen = half.equals("unseen");
        boolean fresh = half.equals("fresh") || unseen;
        for (CalibrationPhoto p : unseen ? CalibrationPhoto.unseen() : fresh ? CalibrationPhoto.fresh()
                : CalibrationPhoto.all()) {
            if (!half.equals("all") && !fresh && !List.of(half.split(",")).contains(p.name())) {
                continue;
            }
            Calibration.Result r = calibration.run(p);
            rows.add(new Row(p, r.oneLook().confidence(), r.looks().confidence()));
            if (unseen) { // the fixture's columns, and the crop look the service takes (its time; 0 where none)
                Calibration.Measured m = calibration.measured(p);
                fixture.append(String.format(Locale.ROOT, "%s\t%s\t%s\tunseen\t%s\t%s\t%.4f\t%.4f\t%.4f\t%.4f\t%.4f\t%s"
                                + "\t%d%n", p.source(), p.path(), p.category(), verdict(p), p.reason(), m.first(),
                        m.unsure(), m.haze(), m.mirror(), m.edgeless(),
                        Double.isNaN(m.crop()) ? "-" : String.format(Locale.ROOT, "%.4f", m.crop()), m.cropMillis()));
                Files.writeString(out.resolve("fixture.tsv"), fixture);
            }
            Calibration.FirstSignals f = r.first();
            tsv.append(String.format(Locale.ROOT, "%s\t%s\t%s\t%s\t%.3f\t%.3f\t%.4f\t%.4f\t%.3f\t%.4f\t%.4f\t%.4f"
                            + "\t%.4f\t%d\t%d\t%d\t%d\t%d\t%s\t%s%n",
                    p.name(), p.category(), unseen ? "unseen" : fresh ? "fresh" : p.seen() ? "seen" : "tune", verdict(p), r.oneLook().confidence(),
                    r.looks().confidence(), r.mirror(), r.crop(), f.subject(), f.unsure(), f.haze(), f.band(),
                    f.fragments(), f.sides(), r.firstMillis(), r.mirrorMillis(), r.cropMillis(), r.postMillis(),
                    r.second(), p.reason()));
            sheet.row(r.photo(), r.oneLook().image(), r.looks().image(), r.firstProbability());
            javax.imageio.ImageIO.write(r.oneLook().image(), "png", out.resolve(p.name() + "-one.png").toFile());
            javax.imageio.ImageIO.write(r.looks().image(), "png", out.resolve(p.name() + "-looks.png").toFile());
            if (++inSheet == 4) {
                sheet.write(out.resolve(String.format(Locale.ROOT, "sheet-%02d.png", sheets++)));
                sheet = new ContactSheet(360);
                inSheet = 0;
            }
            System.err.println("[calibration] " + p.name() + " " + r.oneLook().confidence() + " → "
                    + r.looks().confidence());
            Files.writeString(out.resolve("calibration.tsv"), tsv);
        }
        if (inSheet > 0) {
            sheet.write(out.resolve(String.format(Locale.ROOT, "sheet-%02d.png", sheets)));
        }
        Files.writeString(out.resolve("calibration.tsv"), tsv);
        String report = rates(rows, unseen ? "the unseen held-back set"
                : fresh ? "the fresh set (tuning data since decision 0053)" : "photographs (all tuning data)")
                + "load average at the end " + Machine.loadAverage() + "\n";
        Files.writeString(out.resolve("rates.md"), report);
        System.out.print(report);
    }


    /**
     * Every candidate signal ({@link Calibration#candidates}) of each calibration and fresh photograph, and of the photographs
     * {@code CutoutJudgementsTest} judges, to {@code OUT/signals.tsv}.
     */
    private static void signals(Calibration calibration, Path out) throws Exception {
        StringBuilder tsv = new StringBuilder();
        List<String[]> photos = new ArrayList<>();
        for (CalibrationPhoto p : java.util.stream.Stream.concat(CalibrationPhoto.all().stream(),
                CalibrationPhoto.fresh().stream()).toList()) {
            photos.add(new String[] {p.source().name(), p.path(), p.name(), verdict(p)});
        }
        for (String judged : List.of("SKIMAGE chelsea.png good", "SKIMAGE coffee.png good",
                "MATPLOTLIB grace_hopper.jpg good", "OPENCV data/messi5.jpg good", "OPENCV data/baboon.jpg bad",
                "OPENCV data/HappyFish.jpg bad", "OPENCV data/fruits.jpg bad", "OPENCV data/starry_night.jpg bad")) {
            String[] f = judged.split(" ");
            photos.add(new String[] {f[0], f[1], f[1], f[2]});
        }
        for (String[] p : photos) {
            var c = calibration.candidates(dev.flowrun.cutout.model.Photos.Source.valueOf(p[0]), p[1]);
            if (tsv.isEmpty()) {
                tsv.append("name\tverdict\t").append(String.join("\t", c.keySet())).append('\n');
            }
            tsv.append(p[2]).append('\t').append(p[3]);
            c.values().forEach(v -> tsv.append('\t').append(String.format(Locale.ROOT, "%.4f", v)));
            tsv.append('\n');
            System.err.println("[signals] " + p[2]);
        }
        Files.writeString(out.resolve("signals.tsv"), tsv);
    }

    /**
     * A held-back set's sheets to judge by eye, blind to the confidence: per photograph the service's cut-out (the first
     * look's mask, hazes settled, as with or without the second look) flattened on magenta and on green, in sheets of
     * four (which photographs in {@code sheets.tsv}), and each cut-out on magenta at full size; nothing measured is
     * written or printed.
     */
    private static void judge(Calibration calibration, Path out, List<CalibrationPhoto> photos) throws Exception {
        ContactSheet sheet = new ContactSheet(360);
        StringBuilder names = new StringBuilder();
        int inSheet = 0;
        int sheets = 0;
        for (CalibrationPhoto p : photos) {
            BufferedImage cut = calibration.settled(p).image();
            sheet.row(calibration.photo(p), cut, flattened(cut, Color.GREEN));
            javax.imageio.ImageIO.write(flattened(cut, Color.MAGENTA), "png", out.resolve(p.name() + ".png").toFile());
            names.append(String.format(Locale.ROOT, "sheet-%02d\t%s\t%s%n", sheets, p.category(), p.name()));
            if (++inSheet == 4) {
                sheet.write(out.resolve(String.format(Locale.ROOT, "sheet-%02d.png", sheets++)));
                sheet = new ContactSheet(360);
                inSheet = 0;
            }
        }
        if (inSheet > 0) {
            sheet.write(out.resolve(String.format(Locale.ROOT, "sheet-%02d.png", sheets)));
        }
        Files.writeString(out.resolve("sheets.tsv"), names);
    }

    private static BufferedImage flattened(BufferedImage cut, Color colour) {
        BufferedImage flat = new BufferedImage(cut.getWidth(), cut.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = flat.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, cut.getWidth(), cut.getHeight());
        g.drawImage(cut, 0, 0, null);
        g.dispose();
        return flat;
    }

    private record Row(CalibrationPhoto photo, double one, double looks) {
    }

    private static String verdict(CalibrationPhoto p) {
        return p.reason().isEmpty() ? "" : p.accepted() ? "accept" : "reject";
    }

    private static String rates(List<Row> rows, String which) {
        StringBuilder s = new StringBuilder(rows.size() + " of " + which + ":\n");
        for (boolean second : new boolean[] {false, true}) {
            int rejects = 0;
            int rejectsFlagged = 0;
            int accepts = 0;
            int acceptsFlagged = 0;
            for (Row r : rows) {
                boolean flagged = (second ? r.looks() : r.one()) < REVIEW_BELOW;
                if (r.photo().accepted()) {
                    accepts++;
                    acceptsFlagged += flagged ? 1 : 0;
                } else {
                    rejects++;
                    rejectsFlagged += flagged ? 1 : 0;
                }
            }
            s.append(String.format(Locale.ROOT, "  %s: rejects flagged %d of %d, accepts flagged %d of %d%n",
                    second ? "the service's looks" : "one look, as before", rejectsFlagged, rejects,
                    acceptsFlagged, accepts));
        }
        return s.toString();
    }
}
