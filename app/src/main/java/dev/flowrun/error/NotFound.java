package dev.flowrun.error;

public final class NotFound extends ApiException {
    public NotFound(String message) {
        super("not_found", message);
    }
}
