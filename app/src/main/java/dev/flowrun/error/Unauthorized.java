package dev.flowrun.error;

public final class Unauthorized extends ApiException {
    public Unauthorized(String message) {
        super("unauthorized", message);
    }
}
