package dev.flowrun.lifecycle;

/** The {@code error} of a failed run or item: an error code of the API and a sentence for a person. */
public record ErrorInfo(String code, String message) {
    public static ErrorInfo of(String code, String message) {
        return code == null ? null : new ErrorInfo(code, message);
    }
}
