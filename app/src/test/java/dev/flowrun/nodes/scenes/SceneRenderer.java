package dev.flowrun.nodes.scenes;

import dev.flowrun.nodes.scenes.Backdrops.Backdrop;
import dev.flowrun.nodes.scenes.Shapes.Shape;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;

/**
 * Renders a subject over a backdrop the way a camera would record it, keeping what it knows: per pixel the
 * subject's exact coverage (4×4 supersampling along the outline, then the lens blur if any) and the subject's own
 * colour there. The backdrop may carry a shadow of the subject, which belongs to the background.
 */
public final class SceneRenderer {
    /** The subject's own colour at a pixel (packed RGB), before it is mixed with the backdrop. */
    @FunctionalInterface
    public interface Surface {
        int rgb(int x, int y);
    }

    /** What to draw; {@code shadow} multiplies the backdrop (1 = unlit by the subject's shadow), may be null. */
    public record Setup(int width, int height, Shape shape, Surface surface, Backdrop backdrop, float[] shadow,
                        double edgeBlur, double noise, int jpegQuality, long seed) {
    }

    /** The photo, the subject's coverage 0–1 and its own colour per pixel. */
    public record Render(BufferedImage image, float[] cover, int[] subject) {
    }

    private SceneRenderer() {
    }

    public static Render render(Setup s) {
        int w = s.width();
        int h = s.height();
        float[] cover = coverage(s.shape(), w, h);
        if (s.edgeBlur() > 0) {
            cover = GaussianBlur.of(cover, w, h, s.edgeBlur());
        }
        Random random = new Random(s.seed());
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] subject = new int[w * h];
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                float c = cover[i];
                int fg = c > 0 ? s.surface().rgb(x, y) : 0;
                subject[i] = fg;
                int bg = s.backdrop().rgb(x, y);
                double lit = s.shadow() == null ? 1 : s.shadow()[i];
                int rgb = 0;
                for (int shift = 16; shift >= 0; shift -= 8) {
                    double v = (fg >> shift & 0xFF) * c + (bg >> shift & 0xFF) * lit * (1 - c);
                    if (s.noise() > 0) {
                        v += random.nextGaussian() * s.noise();
                    }
                    rgb |= (int) Math.max(0, Math.min(255, Math.round(v))) << shift;
                }
                image.setRGB(x, y, 0xFF000000 | rgb);
            }
        }
        if (s.jpegQuality() > 0) {
            image = jpegRoundTrip(image, s.jpegQuality());
        }
        return new Render(image, cover, subject);
    }

    /**
     * The fraction of each pixel the shape covers: one sample at the centre, 16 where the outline may pass (a
     * neighbour's centre sample differs).
     */
    static float[] coverage(Shape shape, int w, int h) {
        boolean[] centre = new boolean[w * h];
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                centre[i] = shape.contains(x + 0.5, y + 0.5);
            }
        }
        float[] cover = new float[w * h];
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                if (uniformAround(centre, x, y, w, h)) {
                    cover[i] = centre[i] ? 1 : 0;
                    continue;
                }
                int inside = 0;
                for (int sy = 0; sy < 4; sy++) {
                    for (int sx = 0; sx < 4; sx++) {
                        inside += shape.contains(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4) ? 1 : 0;
                    }
                }
                cover[i] = inside / 16f;
            }
        }
        return cover;
    }

    private static boolean uniformAround(boolean[] centre, int x, int y, int w, int h) {
        boolean v = centre[y * w + x];
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx;
                int yy = y + dy;
                if (xx >= 0 && yy >= 0 && xx < w && yy < h && centre[yy * w + xx] != v) {
                    return false;
                }
            }
        }
        return true;
    }

    static BufferedImage jpegRoundTrip(BufferedImage image, int quality) {
        try {
            ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
                writer.setOutput(out);
                ImageWriteParam param = writer.getDefaultWriteParam();
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(quality / 100f);
                writer.write(null, new IIOImage(image, null, null), param);
            } finally {
                writer.dispose();
            }
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(bytes.toByteArray()));
            BufferedImage rgb = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
            rgb.getGraphics().drawImage(decoded, 0, 0, null);
            return rgb;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
