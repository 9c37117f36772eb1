package dev.flowrun.engine;

import dev.flowrun.nodes.DataField;
import dev.flowrun.nodes.InvalidNodeData;
import dev.flowrun.nodes.Node;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.NodeData;
import dev.flowrun.nodes.NodeType;
import dev.flowrun.nodes.TransformNode;
import java.util.ArrayList;
import java.util.List;

/** The service's node catalogue plus a transform node type of a test's own, one that misbehaves on purpose. */
final class StandardPlus {
    private StandardPlus() {
    }

    /** Makes the extra type's node from a node's {@code data}. */
    interface Compiler {
        TransformNode compile(NodeData data) throws InvalidNodeData;
    }

    static NodeCatalogue withTransform(String type, Compiler compiler, DataField... fields) {
        NodeCatalogue standard = NodeCatalogue.standard();
        List<NodeType> types = new ArrayList<>();
        standard.types().forEach(name -> types.add(standard.find(name).orElseThrow()));
        types.add(new ExtraTransform(type, compiler, List.of(fields)));
        return new NodeCatalogue(types);
    }

    private record ExtraTransform(String type, Compiler compiler, List<DataField> fields) implements NodeType {
        @Override
        public Role role() {
            return Role.TRANSFORM;
        }

        @Override
        public Node compile(NodeData data) throws InvalidNodeData {
            return compiler.compile(data);
        }
    }
}
