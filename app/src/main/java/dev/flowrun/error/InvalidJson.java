package dev.flowrun.error;

public final class InvalidJson extends ApiException {
    public InvalidJson(String message) {
        super("invalid_json", message);
    }
}
