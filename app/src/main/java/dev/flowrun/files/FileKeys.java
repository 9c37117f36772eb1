package dev.flowrun.files;

/**
 * The rules for a store key, shared by {@link FileStore} and {@link UrlSigner} so a signed URL can
 * never name something the store would refuse.
 */
public final class FileKeys {
    private FileKeys() {}

    public static boolean isValid(String key) {
        return problem(key) == null;
    }

    public static String requireValid(String key) {
        String problem = problem(key);
        if (problem != null) {
            throw new IllegalArgumentException("invalid file key (" + problem + "): " + printable(key));
        }
        return key;
    }

    private static String problem(String key) {
        if (key == null || key.isEmpty()) return "empty";
        if (key.charAt(0) == '/') return "absolute";
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '\\') return "backslash";
            // NUL truncates paths in native code; other controls only ever mean injection attempts.
            if (c < 0x20 || c == 0x7f) return "control character";
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty()) return "empty segment";
            if (segment.equals(".") || segment.equals("..")) return "dot segment";
        }
        return null;
    }

    // Keys come from callers and may be hostile; keep control characters out of exception messages and logs.
    private static String printable(String key) {
        if (key == null) return "null";
        StringBuilder sb = new StringBuilder(Math.min(key.length(), 200) + 2).append('"');
        for (int i = 0; i < key.length() && i < 200; i++) {
            char c = key.charAt(i);
            sb.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        return sb.append(key.length() > 200 ? "...\"" : "\"").toString();
    }
}
