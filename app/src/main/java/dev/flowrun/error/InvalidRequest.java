package dev.flowrun.error;

public final class InvalidRequest extends ApiException {
    private final String field;

    public InvalidRequest(String field, String message) {
        super("invalid_request", message);
        this.field = field;
    }

    @Override
    public String field() {
        return field;
    }
}
