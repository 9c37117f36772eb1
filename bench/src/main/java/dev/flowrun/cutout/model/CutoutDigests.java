package dev.flowrun.cutout.model;

import dev.flowrun.cutout.Cutout;
import dev.flowrun.cutout.CutoutFailed;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The model cut-out's pixels and confidence on real photos at many sizes, as a digest per combination: run it
 * before and after a change to the post-processing and compare the two lists (equal lines: the same pixels, the
 * same confidence). Three photos, each at its own size, 671×447, 1500×1100 with transparency, 2449×1633,
 * 4243×2828 and 301×203; feather 0, 1 and 4; the node's one-look path (model input, first look, haze, trimap,
 * guided filter, edge colours, compose). The model's answers are taken once and kept in {@code bench.answers}
 * (a folder), so both runs see the same answers. {@code -Dbench.dump=folder} also writes each cut-out's pixels
 * there, and {@code -Dbench.against=folder} prints the largest channel difference to such a dump instead of
 * failing on unequal digests. Never a test.
 */
public final class CutoutDigests {
    private static final String[] PHOTOS = {"coffee.png", "astronaut.png", "chelsea.png"};
    private static final int[][] SIZES = {{0, 0}, {671, 447}, {1500, 1100}, {2449, 1633}, {4243, 2828}, {301, 203}};

    private CutoutDigests() {
    }

    public static void main(String[] args) throws Exception {
        Path answers = Path.of(System.getProperty("bench.answers", "target/cutout-answers"));
        String dump = System.getProperty("bench.dump");
        String against = System.getProperty("bench.against");
        Files.createDirectories(answers);
        SegmentationModel model = null;
        for (String name : PHOTOS) {
            BufferedImage photo = new ImageDecoder(50_000_000).decode(Photos.get(Photos.Source.SKIMAGE, name));
            for (int[] size : SIZES) {
                int w = size[0] == 0 ? photo.getWidth() : size[0];
                int h = size[0] == 0 ? photo.getHeight() : size[1];
                boolean alpha = w == 1500;
                BufferedImage image = ParallelCutoutTest.scaled(photo, w, h, alpha);
                Path file = answers.resolve(name + "-" + w + "x" + h + ".f32");
                if (!Files.exists(file)) {
                    if (model == null) {
                        model = SegmentationModel.load(TestModel.isnet(), null, ModelThreads.of(
                                Runtime.getRuntime().availableProcessors()));
                    }
                    SegmentationModel m = model;
                    write(file, m.predict(ModelInput.tensor(Pixels.readOnly(image), w, h, alpha, m.family())));
                }
                float[] answer = read(file);
                for (int feather : new int[] {0, 1, 4}) {
                    Cutout cut = oneLook(image, answer, feather);
                    int[] px = Pixels.readOnly(cut.image());
                    String combo = name + " " + w + "x" + h + (alpha ? " alpha" : "") + " feather " + feather;
                    String line = combo + " " + digest(px) + " confidence " + cut.confidence();
                    String key = name + "-" + w + "x" + h + "-" + feather + ".px";
                    if (dump != null) {
                        Files.createDirectories(Path.of(dump));
                        writeInts(Path.of(dump, key), px);
                    }
                    if (against != null) {
                        line += " max difference " + maxDifference(readInts(Path.of(against, key)), px);
                    }
                    System.out.println(line);
                }
            }
        }
        if (model != null) {
            model.close();
        }
    }

    /** What the node does with one look, the model's answer given. */
    private static Cutout oneLook(BufferedImage image, float[] answer, int feather) throws CutoutFailed {
        ModelBackgroundRemover remover = new ModelBackgroundRemover(ModelLoad.of(null),
                ModelBackgroundRemover.Edges.GUIDED, Looks.Scheme.ONE, tensor -> answer.clone());
        return remover.fromLooks(image, Looks.first(image, ModelFamily.ISNET, tensor -> answer.clone()), feather);
    }

    private static String digest(int[] px) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        ByteBuffer bytes = ByteBuffer.allocate(px.length * 4);
        bytes.asIntBuffer().put(px);
        return HexFormat.of().formatHex(sha.digest(bytes.array())).substring(0, 16);
    }

    /** The largest difference of one channel (alpha, red, green or blue) between two cut-outs' pixels. */
    private static int maxDifference(int[] a, int[] b) {
        int max = 0;
        for (int i = 0; i < a.length; i++) {
            for (int shift = 0; shift < 32; shift += 8) {
                max = Math.max(max, Math.abs((a[i] >>> shift & 0xFF) - (b[i] >>> shift & 0xFF)));
            }
        }
        return max;
    }

    private static void write(Path file, float[] values) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); DataOutputStream data = new DataOutputStream(
                new java.io.BufferedOutputStream(out))) {
            data.writeInt(values.length);
            for (float v : values) {
                data.writeFloat(v);
            }
        }
    }

    private static float[] read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file); DataInputStream data = new DataInputStream(
                new java.io.BufferedInputStream(in))) {
            float[] values = new float[data.readInt()];
            for (int i = 0; i < values.length; i++) {
                values[i] = data.readFloat();
            }
            return values;
        }
    }

    private static void writeInts(Path file, int[] values) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(values.length * 4);
        bytes.asIntBuffer().put(values);
        Files.write(file, bytes.array());
    }

    private static int[] readInts(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        int[] values = new int[bytes.remaining() / 4];
        bytes.asIntBuffer().get(values);
        return values;
    }
}
