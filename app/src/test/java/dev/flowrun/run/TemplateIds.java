package dev.flowrun.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.TestApp;

/** Finds a template workflow's id by name. */
final class TemplateIds {
    private TemplateIds() {
    }

    static long of(TestApp app, String name) {
        for (JsonNode workflow : app.get("/workflows").json()) {
            if (workflow.path("name").asText().equals(name)) {
                return workflow.path("id").asLong();
            }
        }
        throw new AssertionError("no template named " + name);
    }
}
