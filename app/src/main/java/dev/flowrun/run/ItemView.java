package dev.flowrun.run;

import dev.flowrun.lifecycle.ErrorInfo;
import dev.flowrun.lifecycle.ItemStatus;
import dev.flowrun.lifecycle.NodeStatus;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run item ({@code RunItem} in openapi.json); {@code name} is its first input's file name (inputs are stored in the
 * graph's order of input nodes); {@code nodeStates} only in the get-item response.
 */
@JsonPropertyOrder({"id", "name", "status", "uploadInputs", "outputs", "startedAt", "finishedAt", "error", "needsReview",
        "nodeStates"})
public record ItemView(
        long id,
        String name,
        ItemStatus status,
        Map<String, UploadInput> uploadInputs,
        List<OutputView> outputs,
        Instant startedAt,
        Instant finishedAt,
        ErrorInfo error,
        boolean needsReview,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<NodeStateView> nodeStates) {

    public record UploadInput(String key, String fileName, String url) {
    }

    public record OutputView(String url, String key, List<String> processedNodeChain) {
    }

    /** {@code method} and {@code confidence}: a completed cut-out's (README, Background removal), else null. */
    @JsonPropertyOrder({"nodeId", "status", "fileKeys", "fileUrls", "startedAt", "finishedAt", "method", "confidence"})
    public record NodeStateView(String nodeId, NodeStatus status, List<String> fileKeys, List<String> fileUrls,
                                Instant startedAt, Instant finishedAt, String method, Double confidence) {
    }
}
