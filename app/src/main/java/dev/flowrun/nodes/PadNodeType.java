package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * {@code pad}: centres the image on a {@code width}×{@code height} canvas of {@code background}, first shrinking
 * it (keeping its aspect ratio) if it does not fit. Always gives an ARGB image, since the canvas may be
 * transparent.
 */
public final class PadNodeType implements NodeType {
    private static final String BACKGROUND_RULE = "#RRGGBB, #RRGGBBAA or transparent";

    @Override
    public String type() {
        return "pad";
    }

    @Override
    public Role role() {
        return Role.TRANSFORM;
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        int width = d.requiredInt("width", 1, 20000);
        int height = d.requiredInt("height", 1, 20000);
        String text = d.optionalString("background", BACKGROUND_RULE).orElse("transparent");
        int background = text.equalsIgnoreCase("transparent") ? 0 : Colors.parseHex(text, true)
                .orElseThrow(() -> new InvalidNodeData("background", "background must be " + BACKGROUND_RULE));
        return new Pad(width, height, background);
    }

    /** {@code background} is packed non-premultiplied ARGB (0 for transparent). */
    record Pad(int width, int height, int background) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) throws NodeFailure {
            Pixels.checkResultSize(width, height);
            BufferedImage fitted = Scaler.fitInside(image, width, height);
            int fw = fitted.getWidth();
            int fh = fitted.getHeight();
            int[] src = Pixels.readOnly(fitted);
            int opaque = Pixels.hasAlpha(fitted) ? 0 : 0xFF000000; // an RGB image's top byte means nothing
            BufferedImage canvas = Pixels.create(width, height, true);
            int[] dst = Pixels.data(canvas);
            Arrays.fill(dst, background);
            int left = (width - fw) / 2;
            int top = (height - fh) / 2;
            for (int y = 0; y < fh; y++) {
                int s = y * fw;
                int t = (top + y) * width + left;
                for (int x = 0; x < fw; x++) {
                    dst[t + x] = Colors.over(src[s + x] | opaque, background);
                }
            }
            return canvas;
        }
    }
}
