package dev.flowrun.cutout.model;

/**
 * The configured segmentation model cannot be used (missing, unreadable, not ONNX, of an unknown family). Thrown
 * at start-up; its message is one line for a person, naming the file.
 */
public final class ModelUnavailable extends RuntimeException {
    public ModelUnavailable(String message) {
        super(message);
    }
}
