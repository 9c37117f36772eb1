package dev.flowrun.input;

/** An input could not be fetched; the message says why, for the item's {@code download_failed} error. */
public class DownloadFailed extends Exception {
    public DownloadFailed(String message) {
        super(message);
    }
}
