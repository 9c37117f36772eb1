package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import dev.flowrun.workflow.GraphParser;
import org.junit.jupiter.api.Test;

/** What an item's walk holds at its peak, in bytes per pixel of its photo, and the order it runs children in. */
class WalkPlanTest {
    private static final String FLIP = "{\"direction\": \"horizontal\"}";
    private static final String CLASSIC = "{\"method\": \"classic\"}";
    private final GraphParser parser = new GraphParser(NodeCatalogue.standard());

    @Test
    void aChainOfAnyLengthHoldsTheImageOfTheNodeRunningAndItsSourceSoItReservesWhatDecodingTakes() {
        TestWorkflow chain = TestWorkflow.named("long").input("in");
        for (int i = 0; i < 5000; i++) {
            chain.node("n" + i, "flip", FLIP);
        }
        // Saved before the node limit: planned (and walked) without recursion all the same.
        Graph graph = parseSaved(chain.output("out").chain());
        WalkPlan plan = new WalkPlan(graph);
        assertThat(plan.bytesPerPixel(input(graph))).isEqualTo(PixelMemory.BYTES_PER_PIXEL);
    }

    @Test
    void outputsRunFirstAndTheChildHoldingMostLastWhenItsParentsImageWaitsForNobody() {
        Graph graph = parse(TestWorkflow.named("fan").input("in").node("turn", "rotate", "{\"degrees\": 90}")
                .output("first").output("second").edge("in", "turn").edge("turn", "first").edge("in", "second"));
        WalkPlan plan = new WalkPlan(graph);
        assertThat(plan.children(input(graph))).extracting(GraphNode::id).containsExactly("second", "turn");
    }

    @Test
    void imagesWaitingForTheirOtherChildrenAreCountedWithTheNodeRunning() {
        // in → a, b (flips); a → c, d and b → e, f (cut-outs, 10 bytes a pixel besides their source) → outputs.
        TestWorkflow workflow = TestWorkflow.named("tree").input("in").node("a", "flip", FLIP).node("b", "flip", FLIP)
                .edge("in", "a").edge("in", "b");
        for (String[] pair : new String[][] {{"a", "c"}, {"a", "d"}, {"b", "e"}, {"b", "f"}}) {
            workflow.node(pair[1], "removeBackground", CLASSIC).edge(pair[0], pair[1])
                    .output("out_" + pair[1]).edge(pair[1], "out_" + pair[1]);
        }
        WalkPlan plan = new WalkPlan(parse(workflow));
        // While c's output runs: the photo waits for b (4), a's image waits for d (4), c's cut-out (4), the photo
        // c carries down for a blurred background (4), the output's encoding (4).
        assertThat(plan.bytesPerPixel(input(parse(workflow)))).isEqualTo(20);
    }

    private Graph parse(TestWorkflow workflow) {
        return parser.parse(json(workflow));
    }

    private Graph parseSaved(TestWorkflow workflow) {
        return parser.parseSaved(json(workflow));
    }

    private static com.fasterxml.jackson.databind.JsonNode json(TestWorkflow workflow) {
        try {
            return new ObjectMapper().readTree(workflow.graph());
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static GraphNode input(Graph graph) {
        return graph.inputNodes().get(0);
    }
}
