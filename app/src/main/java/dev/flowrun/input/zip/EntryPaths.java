package dev.flowrun.input.zip;

import dev.flowrun.files.CleanNames;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;

/**
 * An entry's path as an item's file name: {@code /}-separated, relative, without {@code .} or {@code ..}
 * segments, drive letters or control and format characters (see {@link CleanNames}). Only a name: nothing is ever written at this path, so a
 * hostile entry ({@code ../../etc/x.png}, {@code C:\x.png}) can at worst get a harmless name.
 */
public final class EntryPaths {
    private EntryPaths() {
    }

    /** The normalised path, or null when nothing is left of it. */
    public static String normalise(String raw) {
        // NFC: macOS writes decomposed names; people search and compare in the composed form.
        String unified = Normalizer.normalize(raw, Normalizer.Form.NFC).replace('\\', '/');
        List<String> segments = new ArrayList<>();
        for (String segment : unified.split("/")) {
            if (segments.isEmpty() && isDriveLetter(segment)) {
                segment = segment.substring(2);
            }
            segment = CleanNames.clean(segment);
            if (segment.isBlank() || segment.equals(".") || segment.equals("..")) {
                continue;
            }
            segments.add(segment);
        }
        return segments.isEmpty() ? null : String.join("/", segments);
    }

    /** macOS Finder's resource-fork folder: never the user's files. */
    static boolean isMacMetadata(String normalised) {
        return normalised.equals("__MACOSX") || normalised.startsWith("__MACOSX/");
    }

    private static boolean isDriveLetter(String segment) {
        return segment.length() >= 2 && segment.charAt(1) == ':'
                && ((segment.charAt(0) >= 'A' && segment.charAt(0) <= 'Z') || (segment.charAt(0) >= 'a' && segment.charAt(0) <= 'z'));
    }
}
