package dev.flowrun.nodes;

import dev.flowrun.imaging.Colors;
import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.ResultTooLarge;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * {@code pad}: places the image on a {@code width}×{@code height} canvas of {@code background}, inside
 * {@code margin}. {@code scale: down} (default) shrinks it only if it does not fit, {@code fit} scales it up or down
 * until it just fits. {@code position: auto} (default) centres it, except that a subject cut by its photo's frame
 * ({@link PadPlacement}) stands flush on that edge of the canvas, margin ignored there; {@code center},
 * {@code top}, {@code right}, {@code bottom} and {@code left} place it so whatever the image. Always gives an ARGB
 * image, since the canvas may be transparent. docs/nodes.md shows the placements.
 */
public final class PadNodeType extends NamedNodeType {
    static final DataField WIDTH = DataField.integer("width", 1, 20000).mandatory().example(1024)
            .help("Canvas width in px.");
    static final DataField HEIGHT = DataField.integer("height", 1, 20000).mandatory().example(1024)
            .help("Canvas height in px.");
    static final DataField BACKGROUND = DataField.text("background", "#RRGGBB, #RRGGBBAA or transparent",
                    "{\"type\": \"string\", \"pattern\": \"^(#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?|transparent)$\"}")
            .byDefault("transparent").example("transparent").help("The canvas colour.");
    static final DataField MARGIN = DataField.other("margin", PadMargin.RULE, """
                    {"oneOf": [
                        {"type": "integer", "minimum": 0}, {"type": "string", "pattern": "^\\\\d{1,2}(\\\\.\\\\d{1,3})?%$"}]}""")
            .byDefault(0).help("Room kept free on each side of the canvas (px, or `\"N%\"` of its smaller side); "
                    + "ignored on a side the image stands flush on.");
    static final DataField SCALE = DataField.choice("scale", "down", "fit").byDefault("down")
            .help("`down`: scaled down only if it does not fit inside the margin; `fit`: scaled up or down until it "
                    + "just fits.");
    static final DataField POSITION = DataField.choice("position", "auto", "center", "top", "right", "bottom",
                    "left").byDefault("auto")
            .help("`auto`: centred, except that a cut-out whose subject is cut by an edge of its source photo stands "
                    + "flush on that edge, margin ignored there; the others place it so, always.");

    public PadNodeType() {
        super("pad", Role.TRANSFORM, "Places the image on a canvas of that size inside the margin.",
                WIDTH, HEIGHT, BACKGROUND, MARGIN, SCALE, POSITION);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        int width = d.integer(WIDTH);
        int height = d.integer(HEIGHT);
        String text = d.text(BACKGROUND).orElse("transparent");
        int background = text.equalsIgnoreCase("transparent") ? 0 : Colors.parseHex(text, true)
                .orElseThrow(() -> new InvalidNodeData("background", "background must be " + BACKGROUND.ruleText()));
        PadMargin margin = PadMargin.parse(d.any(MARGIN), width, height);
        boolean fit = d.choice(SCALE).equals("fit");
        PadPlacement.Position position = PadPlacement.Position.valueOf(d.choice(POSITION).toUpperCase());
        return new Pad(width, height, background, margin.pixels(), fit, position);
    }

    /** {@code background} is packed non-premultiplied ARGB (0 for transparent). */
    record Pad(int width, int height, int background, int margin, boolean fit, PadPlacement.Position position)
            implements PictureTransform {
        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            return NodeFailure.unlessTooLarge(() -> padded(picture));
        }

        private Transformed padded(Picture picture) throws ResultTooLarge {
            Pixels.checkResultSize(width, height);
            BufferedImage image = picture.image();
            FrameSides flush = PadPlacement.flushSides(position, picture);
            PadPlacement.Box box = PadPlacement.place(image.getWidth(), image.getHeight(), width, height, margin,
                    fit, flush);
            BufferedImage placed = Scaler.scale(image, box.width(), box.height());
            int fw = placed.getWidth();
            int fh = placed.getHeight();
            int[] src = Pixels.readOnly(placed);
            int opaque = Pixels.hasAlpha(placed) ? 0 : 0xFF000000; // an RGB image's top byte means nothing
            BufferedImage canvas = Pixels.create(width, height, true);
            int[] dst = Pixels.data(canvas);
            Arrays.fill(dst, background);
            for (int y = 0; y < fh; y++) {
                int s = y * fw;
                int t = (box.y() + y) * width + box.x();
                for (int x = 0; x < fw; x++) {
                    dst[t + x] = Colors.over(src[s + x] | opaque, background);
                }
            }
            // A frame side the image was placed against is still where its subject is cut; the others are canvas.
            FrameSides in = picture.frameSides();
            FrameSides out = new FrameSides(in.top() && box.y() == 0, in.right() && box.x() + fw == width,
                    in.bottom() && box.y() + fh == height, in.left() && box.x() == 0);
            return Transformed.of(picture.reshaped(canvas, out));
        }
    }
}
