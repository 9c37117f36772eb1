package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;

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
    public Node compile(JsonNode data) throws InvalidNodeData {
        NodeData d = NodeData.of(data);
        String format = d.oneOf("format", "png", "png", "jpeg");
        int quality = d.intOr("quality", 1, 100, 90);
        return format.equals("png") ? new Png() : new Jpeg(quality);
    }

    record Png() implements OutputNode {
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
            BufferedImage plain = isIntImage(image) ? image : Pixels.copy(image);
            encode(plain, "png", null, out);
        }
    }

    record Jpeg(int quality) implements OutputNode {
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
            // ImageIO's JPEG writer treats a 4th channel as CMYK-ish data and writes files other readers
            // misinterpret, so alpha is always flattened onto white first.
            BufferedImage rgb = image;
            if (Pixels.hasAlpha(image) || image.getType() != BufferedImage.TYPE_INT_RGB) {
                int[] px = Pixels.argb(image);
                Colors.flattenOnto(px, Colors.WHITE);
                rgb = Pixels.create(image.getWidth(), image.getHeight(), false, px);
            }
            encode(rgb, "jpeg", quality / 100f, out);
        }
    }

    private static boolean isIntImage(BufferedImage image) {
        return image.getType() == BufferedImage.TYPE_INT_ARGB || image.getType() == BufferedImage.TYPE_INT_RGB;
    }

    /** Writes with the named ImageIO writer; {@code quality} null keeps the writer's default compression. */
    private static void encode(BufferedImage image, String format, Float quality, OutputStream out)
            throws IOException {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName(format);
        if (!writers.hasNext()) {
            throw new IOException("no " + format + " encoder is installed");
        }
        ImageWriter writer = writers.next();
        // A memory-cached stream: the default file cache would create temp files for every result.
        try (ImageOutputStream stream = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            if (quality != null) {
                param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
                param.setCompressionQuality(quality);
            }
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
    }
}
