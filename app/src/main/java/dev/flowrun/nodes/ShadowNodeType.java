package dev.flowrun.nodes;

import java.util.OptionalInt;

/**
 * {@code shadow}: paints a shadow behind the subject of an image with transparency, on a transparent canvas enlarged
 * just enough to hold it ({@link ShadowCanvas}). {@code contact}: a soft oval on the ground under the subject's
 * lowest part ({@link ContactShadow}); {@code drop}: the silhouette offset, blurred and coloured
 * ({@link DropShadow}). The subject is drawn over it unchanged; an opaque image passes unchanged.
 */
public final class ShadowNodeType extends NamedNodeType {
    static final DataField TYPE = DataField.choice("type", "contact", "drop").byDefault("contact")
            .help("`contact`: a soft shadow on the ground under the subject's lowest part, as a product standing on a "
                    + "table casts; `drop`: the subject's silhouette, offset and blurred.");
    static final DataField OPACITY = DataField.number("opacity", 0, 1).byDefault(0.4)
            .help("How dark the shadow is where it is darkest.");
    static final DataField BLUR = DataField.integer("blur", 0, 200).defaultIs("3% of the subject's height")
            .help("How far the shadow's edge fades, in px.");
    static final DataField OFFSET_X = DataField.integer("offsetX", -10000, 10000).byDefault(0)
            .help("drop only: how far right the shadow falls, in px.");
    static final DataField OFFSET_Y = DataField.integer("offsetY", -10000, 10000)
            .defaultIs("2% of the subject's height").help("drop only: how far down the shadow falls, in px.");
    static final DataField COLOR = DataField.color("color").byDefault("#000000").help("The shadow's colour.");

    public ShadowNodeType() {
        super("shadow", Role.TRANSFORM, "Paints a shadow behind the subject of an image with transparency, on a "
                + "transparent canvas enlarged just enough to hold it; the subject's pixels are unchanged and an "
                + "opaque image passes unchanged.", TYPE, OPACITY, BLUR, OFFSET_X, OFFSET_Y, COLOR);
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        boolean contact = d.choice(TYPE).equals("contact");
        double opacity = d.number(OPACITY);
        OptionalInt blur = d.optionalInteger(BLUR);
        int offsetX = d.integer(OFFSET_X);
        OptionalInt offsetY = d.optionalInteger(OFFSET_Y);
        int color = d.color(COLOR).orElse(0xFF000000);
        return new Shadow(contact, opacity, blur, offsetX, offsetY, color);
    }

    /** {@code color} is packed opaque ARGB. */
    record Shadow(boolean contact, double opacity, OptionalInt blur, int offsetX, OptionalInt offsetY, int color)
            implements PictureTransform {
        @Override
        public Transformed transform(Picture picture) throws NodeFailure {
            return NodeFailure.unlessTooLarge(() -> {
                ShadowCanvas.Subject subject = ShadowCanvas.Subject.of(picture.image());
                // A subject cut by the photo's bottom edge (a bust) stands on nothing: no ground to shade.
                if (subject == null || contact && PadPlacement.cutSides(picture).bottom()) {
                    return Transformed.of(picture);
                }
                int radius = blur.orElse(Math.max(1, (int) Math.round(0.03 * subject.height())));
                ShadowCanvas.Mask mask = contact ? ContactShadow.mask(subject, radius)
                        : DropShadow.mask(subject, radius, offsetX,
                                offsetY.orElse((int) Math.round(0.02 * subject.height())));
                return Transformed.of(ShadowCanvas.paint(picture, mask, opacity, color));
            });
        }
    }
}
