package dev.flowrun.engine;

import dev.flowrun.files.CleanNames;

/**
 * Output file names (README, Nodes): the input's name with the output format's extension, with
 * {@code -<label or node id>} before it when the workflow has several output nodes. Folders in the input
 * name are kept: they are the output's path in a {@code preserve} archive.
 */
final class OutputNames {
    private OutputNames() {
    }

    static String fileName(String inputName, String extension, String suffix) {
        String normalised = inputName.replace('\\', '/');
        int slash = normalised.lastIndexOf('/');
        String folder = slash >= 0 ? normalised.substring(0, slash + 1) : "";
        String base = slash >= 0 ? normalised.substring(slash + 1) : normalised;
        int dot = base.lastIndexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        if (base.isEmpty()) {
            base = "image";
        }
        // The suffix is a node's label, which may hold anything; the input name was cleaned when it was taken.
        String cleanSuffix = CleanNames.clean(suffix);
        return folder + base + (cleanSuffix == null || cleanSuffix.isEmpty() ? "" : "-" + cleanSuffix) + "." + extension;
    }

    static String baseName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
