package dev.flowrun.nodes;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NodeCatalogueTest {
    private final NodeCatalogue catalogue = NodeCatalogue.standard();

    @Test
    void standardCatalogueHasEveryNodeTypeWithItsRole() {
        assertThat(catalogue.types()).containsExactlyInAnyOrder("imageInput", "removeBackground", "resize", "crop",
                "trim", "pad", "fill", "shadow", "background", "rotate", "flip", "grayscale", "output");
        for (String type : catalogue.types()) {
            NodeType nodeType = catalogue.find(type).orElseThrow();
            assertThat(nodeType.type()).isEqualTo(type);
            NodeType.Role expected = switch (type) {
                case "imageInput" -> NodeType.Role.INPUT;
                case "output" -> NodeType.Role.OUTPUT;
                default -> NodeType.Role.TRANSFORM;
            };
            assertThat(nodeType.role()).as(type).isEqualTo(expected);
        }
    }

    @Test
    void compiledNodeKindMatchesRole() throws InvalidNodeData {
        assertThat(TestSupport.compile("imageInput", "{}")).isEqualTo(new InputNode());
        assertThat(TestSupport.compile("grayscale", "{}")).isInstanceOf(TransformNode.class);
        assertThat(TestSupport.compile("output", "{}")).isInstanceOf(OutputNode.class);
    }

    @Test
    void unknownTypesAreNotFound() {
        assertThat(catalogue.find("sharpen")).isEmpty();
        assertThat(catalogue.find("Resize")).isEmpty();
        assertThat(catalogue.find(null)).isEmpty();
    }

    @Test
    void typesAreReadOnlyAndUnique() {
        assertThatThrownBy(() -> catalogue.types().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> new NodeCatalogue(List.of(new FlipNodeType(), new FlipNodeType())))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
