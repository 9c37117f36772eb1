package dev.flowrun.error;

/** 409: an {@code Idempotency-Key} reused with a different request. */
public final class Conflict extends ApiException {
    public Conflict(String message) {
        super("conflict", message);
    }
}
