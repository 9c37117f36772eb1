package dev.flowrun.workflow;

import java.time.Instant;

/** A row of {@code workflows}; the graph is its stored JSON text. */
public record WorkflowRow(
        long id,
        long workspaceId,
        String name,
        String description,
        boolean isTemplate,
        boolean isSnapshot,
        int sortOrder,
        long createdByUserId,
        String graph,
        Instant createdAt,
        Instant updatedAt) {
}
