package dev.flowrun.imaging;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Small previews of stored images for the dashboard: read subsampled ({@link ImageDecoder#decodeReduced}), upright,
 * scaled with the nodes' own filter to fit a square box. A cut-out keeps its transparency (PNG); anything opaque
 * becomes a JPEG, a tenth of the bytes.
 */
public final class Thumbnailer {
    private static final int JPEG_QUALITY = 82;
    private final ImageDecoder decoder;

    public Thumbnailer(ImageDecoder decoder) {
        this.decoder = decoder;
    }

    /** One thumbnail, made but not yet written: its extension decides where it is stored. */
    public static final class Thumbnail {
        private final BufferedImage image;
        private final boolean png;

        private Thumbnail(BufferedImage image) {
            this.image = image;
            this.png = Pixels.hasAlpha(image);
        }

        public String extension() {
            return png ? "png" : "jpg";
        }

        public int width() {
            return image.getWidth();
        }

        public int height() {
            return image.getHeight();
        }

        public void writeTo(OutputStream out) throws IOException {
            if (png) {
                PngEncoder.write(image, out);
            } else {
                JpegEncoder.write(image, JPEG_QUALITY, out);
            }
        }
    }

    /**
     * Fits the image of {@code file} inside {@code box}×{@code box}, never enlarging it.
     *
     * @throws ImageRejected when the file is not an image this service reads, or is over the pixel limit
     */
    public Thumbnail make(Path file, int box) throws ImageRejected, IOException {
        BufferedImage image = decoder.decodeReduced(file, box);
        try {
            return new Thumbnail(Scaler.fitInside(image, box, box));
        } catch (ResultTooLarge e) {
            throw new ImageRejected(ImageRejected.UNSUPPORTED_MEDIA, e.getMessage());
        }
    }
}
