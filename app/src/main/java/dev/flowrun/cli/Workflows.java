package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Finding a workflow by id or name among those listed, and showing its node chain. */
final class Workflows {
    private Workflows() {
    }

    /** By id when {@code wanted} is a number, else by name (case aside); a usage error naming the known ones. */
    static JsonNode find(JsonNode workflows, String wanted) {
        for (JsonNode workflow : workflows) {
            if (workflow.path("id").asText().equals(wanted)) {
                return workflow;
            }
        }
        for (JsonNode workflow : workflows) {
            if (workflow.path("name").asText().toLowerCase(Locale.ROOT).equals(wanted.toLowerCase(Locale.ROOT))) {
                return workflow;
            }
        }
        List<String> names = new ArrayList<>();
        workflows.forEach(w -> names.add(w.path("id").asText() + " \"" + w.path("name").asText() + "\""));
        throw new UsageError("no workflow '" + wanted + "'; there are: " + String.join(", ", names)
                + " (flowrun workflows lists them)");
    }

    /** {@code imageInput → removeBackground → output}: from each input node along the edges, labels where given. */
    static String chain(JsonNode workflow) {
        JsonNode graph = workflow.path("graph");
        List<String> chains = new ArrayList<>();
        for (JsonNode node : graph.path("nodes")) {
            if (node.path("type").asText().equals("imageInput")) {
                walk(graph, node, new ArrayList<>(), chains);
            }
        }
        return String.join("; ", chains);
    }

    private static void walk(JsonNode graph, JsonNode node, List<String> path, List<String> chains) {
        path.add(node.path("data").path("label").asText(node.path("type").asText()));
        List<JsonNode> next = new ArrayList<>();
        for (JsonNode edge : graph.path("edges")) {
            if (edge.path("source").asText().equals(node.path("id").asText())) {
                for (JsonNode target : graph.path("nodes")) {
                    if (target.path("id").asText().equals(edge.path("target").asText())) {
                        next.add(target);
                    }
                }
            }
        }
        if (next.isEmpty() || path.size() > 50) {
            chains.add(String.join(" → ", path));
        }
        for (JsonNode target : next) {
            walk(graph, target, new ArrayList<>(path), chains);
        }
    }

    /** The workflow's output nodes: the file names each input gets ({@code -label} when there are several). */
    static List<String[]> outputs(JsonNode workflow) {
        List<String[]> outputs = new ArrayList<>();
        JsonNode nodes = workflow.path("graph").path("nodes");
        for (JsonNode node : nodes) {
            if (node.path("type").asText().equals("output")) {
                String extension = switch (node.path("data").path("format").asText("png")) {
                    case "jpeg" -> "jpg";
                    case "webp" -> "webp";
                    default -> "png";
                };
                String label = node.path("data").path("label").asText(node.path("id").asText());
                outputs.add(new String[] {label, extension});
            }
        }
        return outputs;
    }
}
