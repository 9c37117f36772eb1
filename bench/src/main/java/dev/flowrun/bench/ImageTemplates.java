package dev.flowrun.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.OutputNode;
import dev.flowrun.nodes.TransformNode;
import java.awt.image.BufferedImage;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A linear workflow run the way the executor runs one item, without the service around it: decode the file,
 * apply each node, encode to a file. The two templates and the vipsthumbnail comparison are such chains.
 */
final class ImageTemplates {
    static final String REMOVE_BACKGROUND = "Remove background";
    static final String PRODUCT_SHOT = "Product shot";
    static final String THUMBNAIL = "JPEG → resize 512 → JPEG";

    private static final NodeCatalogue CATALOGUE = NodeCatalogue.standard();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ImageDecoder decoder = new ImageDecoder(50_000_000L);
    private final List<TransformNode> transforms;
    private final OutputNode output;

    /** {@code nodes}: alternating type and data JSON, the last pair being the output node. */
    ImageTemplates(String... nodes) throws Exception {
        transforms = new ArrayList<>();
        for (int i = 0; i < nodes.length - 2; i += 2) {
            transforms.add((TransformNode) node(nodes[i], nodes[i + 1]));
        }
        output = (OutputNode) node(nodes[nodes.length - 2], nodes[nodes.length - 1]);
    }

    static ImageTemplates named(String name) throws Exception {
        return switch (name) {
            case REMOVE_BACKGROUND -> new ImageTemplates("removeBackground", "{}", "output", "{\"format\": \"png\"}");
            case PRODUCT_SHOT -> new ImageTemplates("removeBackground", "{}", "trim", "{}",
                    "pad", "{\"width\": 1024, \"height\": 1024, \"background\": \"#FFFFFF\"}",
                    "output", "{\"format\": \"jpeg\"}");
            case THUMBNAIL -> new ImageTemplates("resize", "{\"width\": 512, \"height\": 512}",
                    "output", "{\"format\": \"jpeg\", \"quality\": 90}");
            default -> throw new IllegalArgumentException(name);
        };
    }

    static Object node(String type, String data) throws Exception {
        return CATALOGUE.find(type).orElseThrow().compile(JSON.readTree(data));
    }

    /**
     * Runs one item: {@code input} in, {@code result} written. Every intermediate image stays referenced until
     * the end, as in the executor, which keeps each node's input while the nodes below it run (a graph may
     * branch there).
     */
    void run(Path input, Path result) throws Exception {
        List<BufferedImage> chain = new ArrayList<>();
        chain.add(decoder.decode(input));
        for (TransformNode node : transforms) {
            chain.add(node.apply(chain.get(chain.size() - 1)));
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(result), 1 << 16)) {
            output.write(chain.get(chain.size() - 1), out);
        }
    }
}
