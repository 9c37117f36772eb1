package dev.flowrun.imaging;

import com.luciad.imageio.webp.CompressionType;
import com.luciad.imageio.webp.WebPImageWriterSpi;
import com.luciad.imageio.webp.WebPWriteParam;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import javax.imageio.IIOImage;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * WebP through libwebp's own encoder (the webp-imageio binding, docs/decisions/0037-webp-output.md): files of the same
 * size as {@code cwebp}'s at the same settings. Transparency is kept (an image whose pixels are all opaque is
 * written without an alpha channel).
 */
public final class WebpEncoder {
    /** What {@code cwebp -lossless} uses by default: for lossless, "quality" is the effort spent on compression. */
    private static final float LOSSLESS_EFFORT = 0.75f;
    private static final WebPImageWriterSpi WRITERS = new WebPImageWriterSpi();

    private WebpEncoder() {
    }

    /** Lossy at {@code quality} 1–100, or lossless (then {@code quality} is not used). */
    public static void write(BufferedImage image, int quality, boolean lossless, OutputStream out) throws IOException {
        ImageWriter writer = WRITERS.createWriterInstance();
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            WebPWriteParam param = new WebPWriteParam(Locale.ROOT);
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionType(lossless ? CompressionType.Lossless : CompressionType.Lossy);
            param.setCompressionQuality(lossless ? LOSSLESS_EFFORT : quality / 100f);
            writer.write(null, new IIOImage(packed(image), null, null), param);
        } finally {
            writer.dispose();
        }
    }

    /** The binding reads a whole packed-int raster directly; anything else is copied into one first. */
    private static BufferedImage packed(BufferedImage image) {
        if (Pixels.isWholeIntImage(image)) {
            return image;
        }
        boolean alpha = Pixels.hasAlpha(image);
        BufferedImage copy = Pixels.create(image.getWidth(), image.getHeight(), alpha);
        System.arraycopy(Pixels.readOnly(image), 0, Pixels.data(copy), 0, image.getWidth() * image.getHeight());
        return copy;
    }
}
