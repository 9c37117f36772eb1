package dev.flowrun.run;

import dev.flowrun.lifecycle.ErrorInfo;
import dev.flowrun.lifecycle.ItemInput;
import dev.flowrun.lifecycle.RunRow;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.lifecycle.NodeStatus;
import dev.flowrun.lifecycle.OutputRow;
import dev.flowrun.lifecycle.RunStatus;
import dev.flowrun.lifecycle.StoredInputs;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns rows into what the API shows, signing every file URL on the way out with {@code signer} (docs/security.md);
 * reads and writes the JSON columns with {@code mapper}.
 */
public record RunViews(UrlSigner signer, ObjectMapper mapper) {
    private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
    };

    /** How a view shows a stored file: its URL signed now, or a template's stand-in for it. */
    @FunctionalInterface
    public interface Links {
        String url(String key);
    }

    /** Links signed now, all with one expiry, so every URL of a response ends at the same moment. */
    public Links signedNow() {
        String expires = signer.expiresNow();
        return key -> signer.url(key, expires);
    }

    public RunView run(RunRow row) {
        return run(row, signedNow());
    }

    public RunView run(RunRow row, Links links) {
        RunStatus status = row.status();
        String archiveUrl = status.terminal() && row.outputCount() > 0 && row.filesDeletedAt() == null
                ? links.url(FileLayout.outputArchive(row.id())) : null;
        return new RunView(row.id(), row.name(), status, row.totalItems(), row.completedItems(), row.failedItems(),
                row.workflowId(), row.workspaceId(), row.runTrigger(), archiveUrl, row.createdAt(), row.updatedAt(),
                row.startedAt(), row.finishedAt(), ErrorInfo.of(row.errorCode(), row.errorMessage()), row.reviewItems(),
                row.retryOf(), row.pausedAt() != null, row.pausedAt(), row.priority());
    }

    public ItemView item(ItemRow row, List<OutputRow> outputs, List<ItemView.NodeStateView> nodeStates, Links links) {
        Map<String, ItemView.UploadInput> uploads = new LinkedHashMap<>();
        inputs(row).forEach((nodeId, input) -> uploads.put(nodeId,
                new ItemView.UploadInput(input.key(), input.fileName(), links.url(input.key()))));
        List<ItemView.OutputView> outputViews = outputs.stream()
                .map(o -> new ItemView.OutputView(links.url(o.fileKey()), o.fileKey(), strings(o.nodeChain())))
                .toList();
        String name = uploads.values().stream().findFirst().map(ItemView.UploadInput::fileName).orElse(null);
        return new ItemView(row.id(), name, row.status(), uploads, outputViews,
                row.startedAt(), row.finishedAt(), ErrorInfo.of(row.errorCode(), row.errorMessage()), row.needsReview(),
                nodeStates);
    }

    /** Every node of the run's graph, in execution order; nodes not reached yet are {@code pending}. */
    public List<ItemView.NodeStateView> nodeStates(Graph graph, List<NodeStateRow> rows, Links links) {
        Map<String, NodeStateRow> byNode = new LinkedHashMap<>();
        rows.forEach(r -> byNode.put(r.nodeId(), r));
        List<ItemView.NodeStateView> views = new ArrayList<>();
        for (GraphNode node : graph.executionOrder()) {
            NodeStateRow row = byNode.get(node.id());
            if (row == null) {
                views.add(new ItemView.NodeStateView(node.id(), NodeStatus.PENDING, List.of(), List.of(), null, null,
                        null, null));
                continue;
            }
            List<String> keys = strings(row.fileKeys());
            views.add(new ItemView.NodeStateView(node.id(), row.status(), keys,
                    keys.stream().map(links::url).toList(), row.startedAt(), row.finishedAt(), row.method(),
                    row.confidence()));
        }
        return views;
    }

    public Map<String, ItemInput> inputs(ItemRow row) {
        return inputs(row.inputs());
    }

    /** An item's inputs from their stored JSON. */
    public Map<String, ItemInput> inputs(String stored) {
        return new StoredInputs(mapper).read(stored);
    }

    /** An item's inputs as they are stored: the JSON {@link #inputs(String)} reads back. */
    public String inputsJson(Map<String, ItemInput> inputs) {
        return new StoredInputs(mapper).json(inputs);
    }

    private List<String> strings(String json) {
        try {
            return mapper.readValue(json, STRINGS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored string lists are always valid JSON", e);
        }
    }
}
