package dev.flowrun.input.zip;

/**
 * Why a zip run failed as a whole (docs/zip-runs.md): the run's {@code error.code} and a sentence for a person.
 * Not a run of this code's problem: the archive or its URL is at fault.
 */
public final class ZipFailure extends Exception {
    public static final String DOWNLOAD_FAILED = "zip_download_failed";
    public static final String INVALID = "zip_invalid";
    public static final String NO_ITEMS = "no_items";
    public static final String STORAGE_UNAVAILABLE = "storage_unavailable";
    private final String code;

    private ZipFailure(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public static ZipFailure downloadFailed(String message) {
        return new ZipFailure(DOWNLOAD_FAILED, message);
    }

    public static ZipFailure invalid(String message) {
        return new ZipFailure(INVALID, "the archive cannot be used: " + message);
    }

    /** The file store failed (README, Several instances): not the archive's fault, and worth a new run later. */
    public static ZipFailure storageUnavailable(String message) {
        return new ZipFailure(STORAGE_UNAVAILABLE, "the archive could not be stored or read back: " + message);
    }

    public static ZipFailure noItems() {
        return new ZipFailure(NO_ITEMS, "the archive holds no image (JPEG, PNG, GIF, BMP, TIFF or WebP)");
    }

    public String code() {
        return code;
    }
}
