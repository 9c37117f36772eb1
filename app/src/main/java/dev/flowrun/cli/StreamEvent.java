package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.lifecycle.RunStatus;

/** One event of a run's stream as the command line reads it. */
record StreamEvent(String id, String name, JsonNode data) {
    boolean ends() {
        RunStatus status = RunStatus.parse(data.path("status").asText());
        return name.equals("run") && status != null && status.terminal();
    }
}
