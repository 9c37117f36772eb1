package dev.flowrun.error;

/** Too many failed credentials from one client address; answered 429 with {@code Retry-After}. */
public final class RateLimited extends ApiException {
    private final long retryAfterSeconds;

    public RateLimited(long retryAfterSeconds) {
        super("rate_limited", "too many failed credentials from this address; try again in " + retryAfterSeconds
                + " s");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
