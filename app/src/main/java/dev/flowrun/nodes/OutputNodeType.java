package dev.flowrun.nodes;

import dev.flowrun.imaging.JpegEncoder;
import dev.flowrun.imaging.PngEncoder;
import dev.flowrun.imaging.WebpEncoder;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code output}: encodes the result as {@code png} (default, keeps alpha), {@code jpeg} at {@code quality} 1–100
 * (default 90), or {@code webp}, lossy at {@code quality} or {@code lossless}, keeping alpha. {@code quality} and
 * {@code lossless} are accepted with every format, so switching format in the editor does not make a saved workflow
 * invalid.
 */
public final class OutputNodeType extends NamedNodeType {
    static final DataField FORMAT = DataField.choice("format", "png", "jpeg", "webp").byDefault("png").example("png")
            .help("The file format; png and webp keep transparency.");
    static final DataField QUALITY = DataField.integer("quality", 1, 100).byDefault(90)
            .help("jpeg and lossy webp.");
    static final DataField LOSSLESS = DataField.bool("lossless").byDefault(false)
            .help("webp only: lossless instead of lossy.");

    public OutputNodeType() {
        super("output", Role.OUTPUT, "Where a result file leaves; each output node gives one output file per item.",
                FORMAT, QUALITY, LOSSLESS);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        String format = d.choice(FORMAT);
        int quality = d.integer(QUALITY);
        boolean lossless = d.bool(LOSSLESS);
        return switch (format) {
            case "jpeg" -> new Jpeg(quality);
            case "webp" -> new Webp(quality, lossless);
            default -> new Png();
        };
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
            PngEncoder.write(image, out);
        }
    }

    public record Webp(int quality, boolean lossless) implements OutputNode {
        @Override
        public String extension() {
            return "webp";
        }

        @Override
        public String contentType() {
            return "image/webp";
        }

        @Override
        public void write(BufferedImage image, OutputStream out) throws IOException {
            WebpEncoder.write(image, quality, lossless, out);
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
            JpegEncoder.write(image, quality, out);
        }
    }
}
