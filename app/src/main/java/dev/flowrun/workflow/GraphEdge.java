package dev.flowrun.workflow;

public record GraphEdge(String id, String source, String target) {
}
