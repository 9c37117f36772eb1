package dev.flowrun.imaging;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/** JPEG through ImageIO's writer (libjpeg underneath), transparency flattened onto white. */
public final class JpegEncoder {
    private JpegEncoder() {
    }

    /** The image as a JPEG at {@code quality} 1–100. */
    public static void write(BufferedImage image, int quality, OutputStream out) throws IOException {
        encode(bgrOnWhite(image), quality / 100f, out);
    }

    /**
     * The image as TYPE_3BYTE_BGR, transparency flattened onto white: ImageIO's JPEG writer treats a 4th channel
     * as CMYK-ish data that other readers misread, and it takes libjpeg's own pixel layout (BGR bytes) in about
     * 60% of the time it needs for packed ints.
     */
    private static BufferedImage bgrOnWhite(BufferedImage image) {
        int[] src = Pixels.readOnly(image);
        boolean alpha = Pixels.hasAlpha(image);
        BufferedImage bgr = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
        byte[] dst = ((DataBufferByte) bgr.getRaster().getDataBuffer()).getData();
        for (int i = 0, o = 0; i < src.length; i++, o += 3) {
            int p = alpha ? Colors.flatten(src[i], Colors.WHITE) : src[i];
            dst[o] = (byte) p;
            dst[o + 1] = (byte) (p >> 8);
            dst[o + 2] = (byte) (p >> 16);
        }
        return bgr;
    }

    /** Writes with ImageIO's JPEG writer (libjpeg underneath) at {@code quality} 0–1. */
    private static void encode(BufferedImage image, float quality, OutputStream out) throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new IOException("no JPEG encoder is installed");
        }
        ImageWriter writer = writers.next();
        // A memory-cached stream: the default file cache would create temp files for every result.
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
    }
}
