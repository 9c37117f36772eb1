package dev.flowrun.engine;

import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.NodeType;
import java.util.ArrayList;
import java.util.List;

/** The service's node catalogue plus node types that misbehave on purpose. */
final class StandardPlus {
    private StandardPlus() {
    }

    static NodeCatalogue of(NodeType... extra) {
        NodeCatalogue standard = NodeCatalogue.standard();
        List<NodeType> types = new ArrayList<>();
        standard.types().forEach(name -> types.add(standard.find(name).orElseThrow()));
        types.addAll(List.of(extra));
        return new NodeCatalogue(types);
    }
}
