package dev.flowrun.files;

/** Key segments made from names callers give ({@link FileStore#safeSegment}). */
final class SafeSegments {
    private static final int MAX_SEGMENT = 120;

    private SafeSegments() {
    }

    /**
     * Turns an arbitrary user-supplied file name into one safe key segment: ASCII letters, digits,
     * {@code . - _} are kept, each run of anything else becomes {@code _}; the result is never empty,
     * never starts with a dot and is at most 120 characters, keeping the extension when shortened.
     */
    static String of(String name) {
        StringBuilder sb = new StringBuilder();
        boolean inRun = false;
        if (name != null) {
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                boolean keep = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                        || c == '.' || c == '-' || c == '_';
                if (keep) {
                    sb.append(c);
                    inRun = false;
                } else if (!inRun) {
                    sb.append('_');
                    inRun = true;
                }
            }
        }
        if (sb.length() == 0) return "file";
        // A leading dot would make a hidden file and covers "." and ".." too.
        if (sb.charAt(0) == '.') sb.insert(0, '_');
        return truncateKeepingExtension(sb.toString());
    }

    private static String truncateKeepingExtension(String s) {
        if (s.length() <= MAX_SEGMENT) return s;
        int dot = s.lastIndexOf('.');
        int extLength = s.length() - dot;
        // Only a short tail counts as an extension; otherwise a long ".xxxx" run would eat the name.
        if (dot > 0 && extLength <= 16) {
            return s.substring(0, MAX_SEGMENT - extLength) + s.substring(dot);
        }
        return s.substring(0, MAX_SEGMENT);
    }
}
