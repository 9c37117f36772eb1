package dev.flowrun.upload;

/** A body that is not the multipart/form-data its Content-Type says: answered 400 with the reason. */
final class MalformedMultipart extends RuntimeException {
    MalformedMultipart(String message) {
        super(message, null, false, false);
    }
}
