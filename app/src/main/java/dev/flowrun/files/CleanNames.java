package dev.flowrun.files;

/**
 * File names as people will see them (items, outputs, archive entries) hold no control or format characters
 * (Unicode categories Cc and Cf): a right-to-left override makes {@code invoice\u202Egpj.exe} show as
 * "invoiceexe.jpg", and a control character can break a log line or a terminal. They are removed, not replaced,
 * so what is left reads as the name the sender's screen showed without the trick.
 */
public final class CleanNames {
    private CleanNames() {
    }

    /** {@code name} without its Cc and Cf code points; the same string when it has none. */
    public static String clean(String name) {
        if (name == null || name.codePoints().noneMatch(CleanNames::hidden)) {
            return name;
        }
        StringBuilder kept = new StringBuilder(name.length());
        name.codePoints().filter(c -> !hidden(c)).forEach(kept::appendCodePoint);
        return kept.toString();
    }

    /** {@code name} cleaned, or {@code fallback} when nothing visible is left of it. */
    public static String cleanOr(String name, String fallback) {
        String cleaned = clean(name);
        return cleaned == null || cleaned.isBlank() ? fallback : cleaned;
    }

    private static boolean hidden(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.CONTROL || type == Character.FORMAT;
    }
}
