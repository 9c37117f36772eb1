package dev.flowrun.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.FloatBuffer;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The yardstick for the command line: what a person would write to cut photos out with ISNet on ONNX Runtime in
 * plain Java, nothing of flowrun's. Per photo: decode (ImageIO), scale to 1024² (Java 2D, bilinear), normalise as
 * IMG.LY and rembg feed ISNet, one {@code session.run}, the mask scaled back bilinearly as the alpha, PNG (ImageIO).
 * The session: ONNX Runtime's defaults, all graph optimisations, one intra-op thread per core.
 * {@code java -cp <bench class path> dev.flowrun.bench.BareCutout <model.onnx> <out folder> <photo>...}
 */
public final class BareCutout {
    private static final int S = 1024;

    private BareCutout() {
    }

    public static void main(String[] args) throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        options.setIntraOpNumThreads(Runtime.getRuntime().availableProcessors());
        try (OrtSession session = env.createSession(args[0], options)) {
            String input = session.getInputNames().iterator().next();
            File out = new File(args[1]);
            out.mkdirs();
            for (int k = 2; k < args.length; k++) {
                File file = new File(args[k]);
                BufferedImage photo = ImageIO.read(file);
                float[] tensor = modelInput(photo);
                float[] mask = new float[S * S];
                try (OnnxTensor in = OnnxTensor.createTensor(env, FloatBuffer.wrap(tensor), new long[] {1, 3, S, S});
                     OrtSession.Result result = session.run(Map.of(input, in))) {
                    ((OnnxTensor) result.get(0)).getFloatBuffer().get(mask);
                }
                BufferedImage cut = cutOut(photo, mask);
                String name = file.getName().replaceFirst("\\.[^.]*$", "") + ".png";
                ImageIO.write(cut, "png", new File(out, name));
            }
        }
    }

    /** The model's input: the photo scaled to 1024² (Java 2D, bilinear), normalised, NCHW. */
    public static float[] modelInput(BufferedImage photo) {
        return tensor(scaled(photo, S, S));
    }

    /** The photo with the mask ({@code 1024²}, 0..1) scaled back bilinearly as its alpha. */
    public static BufferedImage cutOut(BufferedImage photo, float[] mask) {
        int w = photo.getWidth();
        int h = photo.getHeight();
        BufferedImage cut = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float a = bilinear(mask, (x + 0.5f) * S / w - 0.5f, (y + 0.5f) * S / h - 0.5f);
                int alpha = Math.round(255 * Math.max(0, Math.min(1, a)));
                cut.setRGB(x, y, alpha << 24 | photo.getRGB(x, y) & 0xFFFFFF);
            }
        }
        return cut;
    }

    private static BufferedImage scaled(BufferedImage photo, int w, int h) {
        BufferedImage small = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = small.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(photo, 0, 0, w, h, null);
        g.dispose();
        return small;
    }

    /** NCHW, (v − 128) / 256 per channel: ISNet's normalisation as IMG.LY's package does it. */
    private static float[] tensor(BufferedImage small) {
        float[] t = new float[3 * S * S];
        for (int y = 0; y < S; y++) {
            for (int x = 0; x < S; x++) {
                int p = small.getRGB(x, y);
                int i = y * S + x;
                t[i] = ((p >> 16 & 0xFF) - 128) / 256f;
                t[S * S + i] = ((p >> 8 & 0xFF) - 128) / 256f;
                t[2 * S * S + i] = ((p & 0xFF) - 128) / 256f;
            }
        }
        return t;
    }

    private static float bilinear(float[] m, float sx, float sy) {
        float cx = Math.max(0, Math.min(S - 1, sx));
        float cy = Math.max(0, Math.min(S - 1, sy));
        int x0 = (int) cx;
        int y0 = (int) cy;
        int x1 = Math.min(S - 1, x0 + 1);
        int y1 = Math.min(S - 1, y0 + 1);
        float fx = cx - x0;
        float fy = cy - y0;
        float top = m[y0 * S + x0] + fx * (m[y0 * S + x1] - m[y0 * S + x0]);
        float bottom = m[y1 * S + x0] + fx * (m[y1 * S + x1] - m[y1 * S + x0]);
        return top + fy * (bottom - top);
    }
}
