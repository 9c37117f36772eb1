package dev.flowrun.error;

/** 410: a file deleted by FLOWRUN_OUTPUT_RETENTION, asked for by a URL that is otherwise valid. */
public final class Gone extends ApiException {
    public Gone(String message) {
        super("gone", message);
    }
}
