package dev.flowrun.error;

public final class Forbidden extends ApiException {
    public Forbidden(String message) {
        super("forbidden", message);
    }
}
