package dev.flowrun.workflow;

/** What a caller asks to save; null fields of an update are left as they are. */
public record WorkflowDraft(String name, String description, Graph graph, Boolean isTemplate) {
}
