package dev.flowrun.workflow;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** A workflow as the API shows it ({@code Workflow} in openapi.json). {@code category} and {@code coverImage} are not used here. */
@JsonPropertyOrder({"id", "name", "description", "isTemplate", "isSnapshot", "category", "coverImage", "sortOrder",
        "workspaceId", "createdByUserId", "graph", "createdAt", "updatedAt"})
public record Workflow(
        long id,
        String name,
        String description,
        boolean isTemplate,
        boolean isSnapshot,
        Object category,
        Object coverImage,
        int sortOrder,
        long workspaceId,
        long createdByUserId,
        JsonNode graph,
        Instant createdAt,
        Instant updatedAt) {
}
