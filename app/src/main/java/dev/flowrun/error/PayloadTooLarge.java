package dev.flowrun.error;

public final class PayloadTooLarge extends ApiException {
    public PayloadTooLarge(String message) {
        super("payload_too_large", message);
    }
}
