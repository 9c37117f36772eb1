package dev.flowrun.engine;

import dev.flowrun.lifecycle.OutputRow;
import java.util.ArrayList;
import java.util.List;

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

    List<OutputRow> outputs() {
        return outputs;
    }
}
