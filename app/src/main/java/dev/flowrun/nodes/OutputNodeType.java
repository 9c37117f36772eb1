package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.PngEncoder;
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

/**
 * {@code output}: encodes the result as {@code png} (default, keeps alpha) or {@code jpeg} at {@code quality}
 * 1–100 (default 90). {@code quality} is accepted with png too, so switching format in the editor does not make a
 * saved workflow invalid.
 */
public final class OutputNodeType implements NodeType {
    @Override
    public String type() {
        return "output";
    }

    @Override
    public Role role() {
        return Role.OUTPUT;
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        String format = d.oneOf("format", "png", "png", "jpeg");
        int quality = d.intOr("quality", 1, 100, 90);
        return format.equals("png") ? new Png() : new Jpeg(quality);
    }

    public record Png() implements OutputNode {
        @Override
        public String extension() {
            return "png";
        }

        @Override
        public String contentType() {
            return "image/png";
        }

        @Override
        public void write(BufferedImage image, OutputStream out) throws IOException {
            // Our own encoder: ImageIO's PNG writer took ~117 ms per megapixel here and dominated every item.
            PngEncoder.write(Pixels.readOnly(image), image.getWidth(), image.getHeight(), Pixels.hasAlpha(image),
                    out);
        }
    }

    public record Jpeg(int quality) implements OutputNode {
        @Override
        public String extension() {
            return "jpg";
        }

        @Override
        public String contentType() {
            return "image/jpeg";
        }

        @Override
        public void write(BufferedImage image, OutputStream out) throws IOException {
            encodeJpeg(bgrOnWhite(image), quality / 100f, out);
        }
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
    private static void encodeJpeg(BufferedImage image, float quality, OutputStream out) throws IOException {
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
