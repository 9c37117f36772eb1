package dev.flowrun.run;

import dev.flowrun.lifecycle.Priority;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.InvalidJson;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.KnownFields;
import dev.flowrun.files.CleanNames;
import dev.flowrun.files.ZipLayout;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the body of {@code POST /workflows/{id}/runs} against the workflow's graph (openapi.json). */
public final class RunRequests {
    static final int MAX_FILES = 10_000;
    static final int MAX_URL = 4096;
    static final int MAX_WEBHOOK_URL = 1024;
    static final int MAX_NAME = 1000;
    static final String INPUT_ALIAS = "imageInput";
    private static final KnownFields BODY = KnownFields.of("inputs", "zipUrl", "zipLayout", "webhookUrl", "priority");
    private static final KnownFields INPUT = KnownFields.of("files");
    private static final KnownFields FILE = KnownFields.of("url", "name");

    public RunRequest parse(JsonNode body, Graph graph) {
        if (body == null || !body.isObject()) {
            throw new InvalidJson("the request body must be a JSON object");
        }
        BODY.check(body, "");
        ZipLayout layout = zipLayout(body.get("zipLayout"));
        String webhookUrl = webhookUrl(body.get("webhookUrl"));
        Priority priority = priority(body.get("priority"));
        boolean hasInputs = body.hasNonNull("inputs");
        boolean hasZip = body.hasNonNull("zipUrl");
        if (hasInputs == hasZip) {
            throw new InvalidRequest(hasInputs ? "zipUrl" : "inputs", "give exactly one of inputs and zipUrl");
        }
        if (hasZip) {
            String zipUrl = httpUrl(body.get("zipUrl"), "zipUrl");
            if (graph.inputNodes().size() != 1) {
                throw new InvalidRequest("zipUrl", "a zipUrl feeds a workflow's single input node; this workflow has "
                        + graph.inputNodes().size() + " input nodes " + graph.inputNodes().stream().map(GraphNode::id).toList()
                        + ", so give inputs instead");
            }
            return new RunRequest(RequestedItems.NONE, zipUrl, layout, webhookUrl, priority);
        }
        return new RunRequest(items(body.get("inputs"), graph), null, layout, webhookUrl, priority);
    }

    private RequestedItems items(JsonNode inputs, Graph graph) {
        if (!inputs.isObject()) {
            throw new InvalidRequest("inputs", "inputs must be an object mapping input node ids to {files: [...]}");
        }
        List<GraphNode> inputNodes = graph.inputNodes();
        Map<String, List<FileRef>> filesByNode = new LinkedHashMap<>();
        int total = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = inputs.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String nodeId = resolveNodeId(entry.getKey(), inputNodes);
            if (filesByNode.containsKey(nodeId)) {
                throw new InvalidRequest("inputs." + entry.getKey(), "input node '" + nodeId + "' is given twice");
            }
            List<FileRef> files = files(entry.getValue(), "inputs." + entry.getKey());
            total += files.size();
            if (total > MAX_FILES) {
                throw new InvalidRequest("inputs", "at most " + MAX_FILES + " files can be given in one run");
            }
            filesByNode.put(nodeId, files);
        }
        for (GraphNode node : inputNodes) {
            if (!filesByNode.containsKey(node.id())) {
                throw new InvalidRequest("inputs." + node.id(), "input node '" + node.id() + "' has no files");
            }
        }
        int count = filesByNode.values().stream().mapToInt(List::size).max().orElse(0);
        for (Map.Entry<String, List<FileRef>> entry : filesByNode.entrySet()) {
            int size = entry.getValue().size();
            if (size != count && size != 1) {
                throw new InvalidRequest("inputs." + entry.getKey() + ".files", "every input node needs the same number"
                        + " of files (or exactly one, used for every item): this one has " + size + ", another " + count);
            }
        }
        // Stored in the graph's order of input nodes: the first is the one an item is named after.
        Map<String, List<FileRef>> inGraphOrder = new LinkedHashMap<>();
        inputNodes.forEach(node -> inGraphOrder.put(node.id(), filesByNode.get(node.id())));
        return new RequestedItems(inGraphOrder, count);
    }

    private static String resolveNodeId(String key, List<GraphNode> inputNodes) {
        for (GraphNode node : inputNodes) {
            if (node.id().equals(key)) {
                return key;
            }
        }
        if (INPUT_ALIAS.equals(key) && inputNodes.size() == 1) {
            return inputNodes.get(0).id();
        }
        throw new InvalidRequest("inputs." + key, "'" + key + "' is not an input node of this workflow; its input nodes are "
                + inputNodes.stream().map(GraphNode::id).toList());
    }

    private List<FileRef> files(JsonNode value, String path) {
        if (value == null || !value.isObject()) {
            throw new InvalidRequest(path, path + " must be an object {files: [{url, name}]}");
        }
        INPUT.check(value, path);
        JsonNode files = value.get("files");
        if (files == null || !files.isArray()) {
            throw new InvalidRequest(path + ".files", path + ".files must be an array of {url, name}");
        }
        if (files.isEmpty()) {
            throw new InvalidRequest(path + ".files", path + ".files is empty; give at least one file");
        }
        if (files.size() > MAX_FILES) {
            throw new InvalidRequest("inputs", "at most " + MAX_FILES + " files can be given in one run");
        }
        List<FileRef> refs = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            String at = path + ".files[" + i + "]";
            JsonNode file = files.get(i);
            if (!file.isObject()) {
                throw new InvalidRequest(at, at + " must be an object {url, name}");
            }
            FILE.check(file, at);
            String url = httpUrl(file.get("url"), at + ".url");
            refs.add(new FileRef(url, name(file.get("name"), url, at + ".name")));
        }
        return refs;
    }

    private static String name(JsonNode value, String url, String field) {
        if (value == null || value.isNull()) {
            return defaultName(url);
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            throw new InvalidRequest(field, field + " must be a non-empty string");
        }
        if (value.asText().length() > MAX_NAME) {
            throw new InvalidRequest(field, field + " must be at most " + MAX_NAME + " characters");
        }
        return CleanNames.cleanOr(value.asText(), defaultName(url));
    }

    /** The last path segment of the URL, decoded; {@code image} when the path has none. */
    static String defaultName(String url) {
        String path = URI.create(url).getRawPath();
        if (path != null) {
            String[] segments = path.split("/");
            for (int i = segments.length - 1; i >= 0; i--) {
                if (!segments[i].isEmpty()) {
                    try {
                        String decoded = URLDecoder.decode(segments[i].replace("+", "%2B"), StandardCharsets.UTF_8);
                        // %00 stays as it is: no stored text can hold a NUL (PostgreSQL's cannot).
                        return CleanNames.cleanOr(decoded.indexOf('\0') < 0 ? decoded : segments[i], "image");
                    } catch (IllegalArgumentException e) {
                        return segments[i];
                    }
                }
            }
        }
        return "image";
    }

    private static String httpUrl(JsonNode value, String field) {
        if (value == null || value.isNull()) {
            throw new InvalidRequest(field, field + " is required");
        }
        if (!value.isTextual()) {
            throw new InvalidRequest(field, field + " must be a string");
        }
        String url = value.asText();
        if (url.length() > MAX_URL) {
            throw new InvalidRequest(field, field + " must be at most " + MAX_URL + " characters");
        }
        URI uri = parseUri(url);
        if (uri == null || uri.getScheme() == null || !(uri.getScheme().equalsIgnoreCase("http")
                || uri.getScheme().equalsIgnoreCase("https")) || uri.getHost() == null) {
            throw new InvalidRequest(field, field + " must be an http:// or https:// URL with a host");
        }
        return url;
    }

    private static String webhookUrl(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new InvalidRequest("webhookUrl", "webhookUrl must be a string");
        }
        String url = value.asText();
        if (url.length() > MAX_WEBHOOK_URL) {
            throw new InvalidRequest("webhookUrl", "webhookUrl must be at most " + MAX_WEBHOOK_URL + " characters");
        }
        URI uri = parseUri(url);
        if (uri == null || !"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new InvalidRequest("webhookUrl", "webhookUrl must be an https:// URL with a host");
        }
        return url;
    }

    /** {@code normal} when not given (contract, Runs: Priority). */
    private static Priority priority(JsonNode value) {
        if (value == null || value.isNull()) {
            return Priority.NORMAL;
        }
        Priority priority = value.isTextual() ? Priority.parse(value.asText()) : null;
        if (priority == null) {
            throw new InvalidRequest("priority", "priority must be \"high\", \"normal\" or \"low\"");
        }
        return priority;
    }

    private static ZipLayout zipLayout(JsonNode value) {
        if (value == null || value.isNull()) {
            return ZipLayout.PRESERVE;
        }
        if (!value.isTextual()) {
            throw new InvalidRequest("zipLayout", "zipLayout must be \"preserve\" or \"flatten\"");
        }
        return ZipLayout.parse(value.asText()).orElseThrow(() ->
                new InvalidRequest("zipLayout", "zipLayout must be \"preserve\" or \"flatten\""));
    }

    private static URI parseUri(String url) {
        try {
            return new URI(url);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }
}
