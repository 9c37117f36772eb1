package dev.flowrun.error;

/** The data directory is full: nothing of the request was kept (507). */
public final class InsufficientStorage extends ApiException {
    public static final String MESSAGE = "the service's storage is full, so nothing of this request was kept;"
            + " try again once space has been freed";

    public InsufficientStorage() {
        super("insufficient_storage", MESSAGE);
    }
}
