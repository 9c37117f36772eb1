package dev.flowrun.files;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Chooses zip entry names for output files: cleaned up, laid out, and unique. */
public final class ArchiveNames {
    private ArchiveNames() {}

    /**
     * One entry name per desired path, in the same order. Paths are normalised (backslashes as
     * separators; empty, {@code .} and {@code ..} segments and a leading drive letter dropped;
     * {@code file} if nothing is left), then laid out, then de-duplicated: the first occurrence keeps
     * its name and later ones get {@code -1}, {@code -2}, ... before the extension, skipping any name
     * another entry asked for. Comparison ignores case because zips are often extracted on
     * case-insensitive file systems. Deterministic: the same list always gives the same names.
     */
    public static List<String> entryNames(List<String> desiredPaths, ZipLayout layout) {
        List<String> laidOut = new ArrayList<>(desiredPaths.size());
        for (String path : desiredPaths) {
            List<String> segments = normalise(path);
            laidOut.add(layout == ZipLayout.FLATTEN ? segments.get(segments.size() - 1) : String.join("/", segments));
        }

        // Taking these out up front lets every distinct desired name keep itself, whatever the order.
        Set<String> desired = new HashSet<>();
        for (String name : laidOut) desired.add(fold(name));
        // A file cannot share a name with a folder on extraction, so folders count as taken.
        Set<String> taken = new HashSet<>();
        for (String name : laidOut) addFolders(name, taken);

        List<String> result = new ArrayList<>(laidOut.size());
        for (String name : laidOut) {
            String chosen = name;
            if (taken.contains(fold(name))) {
                int n = 0;
                do {
                    chosen = withSuffix(name, ++n);
                } while (taken.contains(fold(chosen)) || desired.contains(fold(chosen)));
            }
            taken.add(fold(chosen));
            result.add(chosen);
        }
        return result;
    }

    static List<String> normalise(String path) {
        List<String> segments = new ArrayList<>();
        String unified = path == null ? "" : path.replace('\\', '/');
        for (String segment : unified.split("/")) {
            if (segments.isEmpty() && isDriveLetter(segment)) segment = segment.substring(2);
            segment = CleanNames.clean(segment); // names stored before they were cleaned on the way in
            if (segment.isBlank() || segment.equals(".") || segment.equals("..")) continue;
            segments.add(segment);
        }
        if (segments.isEmpty()) segments.add("file");
        return segments;
    }

    private static boolean isDriveLetter(String segment) {
        return segment.length() >= 2 && segment.charAt(1) == ':'
                && ((segment.charAt(0) >= 'A' && segment.charAt(0) <= 'Z') || (segment.charAt(0) >= 'a' && segment.charAt(0) <= 'z'));
    }

    private static void addFolders(String name, Set<String> taken) {
        for (int slash = name.indexOf('/'); slash >= 0; slash = name.indexOf('/', slash + 1)) {
            taken.add(fold(name.substring(0, slash)));
        }
    }

    /** {@code shoes/red.png} with 2 gives {@code shoes/red-2.png}; a name without extension gets the suffix at the end. */
    static String withSuffix(String name, int n) {
        int lastSlash = name.lastIndexOf('/');
        int dot = name.lastIndexOf('.');
        // A dot that starts the file name (".bashrc") is not an extension separator.
        if (dot <= lastSlash + 1) return name + "-" + n;
        return name.substring(0, dot) + "-" + n + name.substring(dot);
    }

    private static String fold(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
