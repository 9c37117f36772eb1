package dev.flowrun.engine;

import dev.flowrun.lifecycle.OutputRow;
import dev.flowrun.workflow.GraphNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What executing one item produced: its outputs, and its first error if any node failed. */
final class ItemOutcome {
    private final List<OutputRow> outputs = new ArrayList<>();
    private String errorCode;
    private String errorMessage;

    void addOutput(OutputRow output) {
        outputs.add(output);
    }

    /** The first failure is the item's error; later ones are only in their node states. */
    void fail(String code, String message) {
        if (errorCode == null) {
            errorCode = code;
            errorMessage = message.length() > 1000 ? message.substring(0, 1000) : message;
        }
    }

    boolean failed() {
        return errorCode != null;
    }

    String errorCode() {
        return errorCode;
    }

    String errorMessage() {
        return errorMessage;
    }

    /** Outputs in the graph's order, whatever order the walk wrote them in. */
    void sortOutputs(List<GraphNode> graphOrder) {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < graphOrder.size(); i++) {
            position.put(graphOrder.get(i).id(), i);
        }
        outputs.sort(Comparator.comparingInt(output -> position.getOrDefault(output.nodeId(), Integer.MAX_VALUE)));
    }

    List<OutputRow> outputs() {
        return outputs;
    }
}
