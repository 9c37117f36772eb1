package dev.flowrun.nodes;

import dev.flowrun.cutout.BackgroundRemover;
import dev.flowrun.cutout.classic.FloodFillBackgroundRemover;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The node types a workflow may use, by their {@code type} string. */
public final class NodeCatalogue {
    private final Map<String, NodeType> byType = new LinkedHashMap<>();

    /** For tests and embedders with their own set; {@link #standard()} is the service's catalogue. */
    public NodeCatalogue(Collection<? extends NodeType> types) {
        for (NodeType t : types) {
            if (byType.putIfAbsent(t.type(), t) != null) {
                throw new IllegalArgumentException("node type registered twice: " + t.type());
            }
        }
    }

    /** Every node type of the service, without a segmentation model. */
    public static NodeCatalogue standard() {
        return standard(null);
    }

    /**
     * Every node type of the service. Adding a node type = its class + one line here.
     *
     * @param model removeBackground's model-based remover, or null when no model is loaded
     */
    public static NodeCatalogue standard(BackgroundRemover model) {
        return new NodeCatalogue(List.of(
                new ImageInputNodeType(),
                new RemoveBackgroundNodeType(new FloodFillBackgroundRemover(), model),
                new ResizeNodeType(),
                new CropNodeType(),
                new TrimNodeType(),
                new PadNodeType(),
                new FillNodeType(),
                new ShadowNodeType(),
                new BackgroundNodeType(),
                new RotateNodeType(),
                new FlipNodeType(),
                new GrayscaleNodeType(),
                new OutputNodeType()));
    }

    /** Whether removeBackground's {@code auto} uses a segmentation model (else the classic method). */
    public boolean segmentationModel() {
        return byType.get("removeBackground") instanceof RemoveBackgroundNodeType removal && removal.hasModel();
    }

    public Optional<NodeType> find(String type) {
        return Optional.ofNullable(type == null ? null : byType.get(type));
    }

    /** The registered type names, in registration order. */
    public Set<String> types() {
        return Collections.unmodifiableSet(byType.keySet());
    }
}
