package dev.flowrun.nodes;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.CutoutFailed;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * {@code removeBackground}: makes the backdrop transparent. {@code method} {@code auto} (default) uses the
 * segmentation model when one is loaded and the classic algorithm otherwise; {@code model} requires the model
 * (refused when the workflow is saved without one); {@code classic} always uses the classic algorithm.
 * {@code tolerance} 1–100 (absent = automatic, classic only) sets how far from the backdrop colour a pixel may be
 * and still go; {@code feather} 0–20 px (default 1) softens the edge.
 */
public final class RemoveBackgroundNodeType implements NodeType {
    private final BackgroundRemover classic;
    private final BackgroundRemover model;

    /** {@code model}: the segmentation model's remover, or null when none is loaded. */
    public RemoveBackgroundNodeType(BackgroundRemover classic, BackgroundRemover model) {
        this.classic = classic;
        this.model = model;
    }

    @Override
    public String type() {
        return "removeBackground";
    }

    @Override
    public Role role() {
        return Role.TRANSFORM;
    }

    @Override
    public Node compile(NodeData d) throws InvalidNodeData {
        String method = d.oneOf("method", "auto", "auto", "model", "classic");
        OptionalInt tolerance = d.optionalInt("tolerance", 1, 100);
        int feather = d.intOr("feather", 0, 20, 1);
        if (method.equals("model") && model == null) {
            throw new InvalidNodeData("method", "method model needs a segmentation model and none is configured "
                    + "(set FLOWRUN_BG_MODEL, or run: java -jar flowrun.jar model fetch isnet)");
        }
        BackgroundRemover remover = method.equals("classic") || model == null ? classic : model;
        return new RemoveBackground(remover, tolerance, feather);
    }

    record RemoveBackground(BackgroundRemover remover, OptionalInt tolerance, int feather) implements TransformNode {
        @Override
        public BufferedImage apply(BufferedImage image) throws NodeFailure {
            try {
                return remover.remove(image, tolerance, feather).image();
            } catch (CutoutFailed e) {
                throw new NodeFailure(e.getMessage(), e);
            }
        }
    }
}
