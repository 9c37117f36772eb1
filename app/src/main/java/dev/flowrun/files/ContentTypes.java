package dev.flowrun.files;

import java.util.Locale;
import java.util.Map;

/** Response headers for serving stored files: content type by extension and Content-Disposition. */
public final class ContentTypes {
    private static final String DEFAULT = "application/octet-stream";
    private static final Map<String, String> BY_EXTENSION = Map.of(
            "png", "image/png",
            "jpg", "image/jpeg",
            "jpeg", "image/jpeg",
            "gif", "image/gif",
            "bmp", "image/bmp",
            "tif", "image/tiff",
            "tiff", "image/tiff",
            "webp", "image/webp",
            "zip", "application/zip");

    private ContentTypes() {}

    /** Case-insensitive by extension; anything unknown is served as {@code application/octet-stream}. */
    public static String of(String fileName) {
        if (fileName == null) return DEFAULT;
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || dot == fileName.length() - 1) return DEFAULT;
        return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), DEFAULT);
    }

    /**
     * {@code inline; filename="red.png"; filename*=UTF-8''red.png}. The plain parameter is a
     * fallback for old clients, so it is ASCII-only with quotes, backslashes and controls replaced;
     * {@code filename*} (RFC 6266 / 5987) carries the real name.
     */
    public static String contentDisposition(String fileName, boolean attachment) {
        String name = fileName == null || fileName.isEmpty() ? "file" : fileName;
        return (attachment ? "attachment" : "inline")
                + "; filename=\"" + asciiFallback(name) + "\""
                + "; filename*=UTF-8''" + PercentEncoding.encode(name);
    }

    private static String asciiFallback(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        // By code point so an emoji (a surrogate pair) becomes one underscore, not two.
        name.codePoints().forEach(cp -> {
            boolean safe = cp >= 0x20 && cp < 0x7f && cp != '"' && cp != '\\';
            sb.append(safe ? (char) cp : '_');
        });
        return sb.toString();
    }
}
