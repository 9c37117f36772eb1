package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/** One event of a run's stream as the command line reads it. */
record StreamEvent(String id, String name, JsonNode data) {
    private static final Set<String> TERMINAL = Set.of("completed", "partial", "failed", "cancelled");

    boolean ends() {
        return name.equals("run") && TERMINAL.contains(data.path("status").asText());
    }
}
