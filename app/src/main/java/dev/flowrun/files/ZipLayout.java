package dev.flowrun.files;

import java.util.Optional;

/** How output files are arranged inside a downloaded zip. */
public enum ZipLayout {
    /** Keep the folders of each file's path. */
    PRESERVE("preserve"),
    /** Put every file at the top level, under its last path segment. */
    FLATTEN("flatten");

    private final String json;

    ZipLayout(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }

    /** Exact lowercase match of {@link #json()}; anything else (including null) is empty. */
    public static Optional<ZipLayout> parse(String value) {
        for (ZipLayout layout : values()) {
            if (layout.json.equals(value)) return Optional.of(layout);
        }
        return Optional.empty();
    }
}
