package dev.flowrun.input.zip;

import java.io.IOException;

/**
 * Thrown by a {@link StopCheck} when the work is no longer wanted (the run was cancelled, or the service is
 * stopping). The downloader and the scanner let it through untouched, so it is never mistaken for a bad archive.
 */
public class ZipStopped extends IOException {
    public ZipStopped(String message) {
        super(message, null);
    }
}
