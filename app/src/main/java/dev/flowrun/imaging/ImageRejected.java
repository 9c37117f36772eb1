package dev.flowrun.imaging;

/** An input file that cannot be used; {@code code} is the item's error code in the API. */
public class ImageRejected extends Exception {
    public static final String UNSUPPORTED_MEDIA = "unsupported_media";
    public static final String IMAGE_TOO_LARGE = "image_too_large";

    private final String code;

    public ImageRejected(String code, String message) {
        super(message);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
