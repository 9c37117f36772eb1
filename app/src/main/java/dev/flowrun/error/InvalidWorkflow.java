package dev.flowrun.error;

public final class InvalidWorkflow extends ApiException {
    public InvalidWorkflow(String message) {
        super("invalid_workflow", message);
    }
}
