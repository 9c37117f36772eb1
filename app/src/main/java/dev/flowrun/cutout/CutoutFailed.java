package dev.flowrun.cutout;

/** A cut-out could not be made (the model failed, the wait for it was interrupted); the message is for a person. */
public final class CutoutFailed extends Exception {
    public CutoutFailed(String message, Throwable cause) {
        super(message, cause);
    }
}
