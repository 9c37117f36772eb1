package dev.flowrun.error;

/**
 * A failure the caller caused, carrying one of the API's error codes ({@code Error} in openapi.json). Services throw these;
 * the HTTP layer alone decides how each becomes a status and a body.
 */
public abstract class ApiException extends RuntimeException {
    private final String code;

    protected ApiException(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }

    /** The offending field or parameter, only for {@code invalid_request}. */
    public String field() {
        return null;
    }
}
