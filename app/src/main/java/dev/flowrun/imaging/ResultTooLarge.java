package dev.flowrun.imaging;

/** An operation would make an image over {@link Pixels#MAX_RESULT_PIXELS}; the caller says what that means for it. */
public final class ResultTooLarge extends Exception {
    public ResultTooLarge(String message) {
        super(message);
    }
}
