package dev.flowrun.cutout.model;

import java.nio.file.Path;

/** Where tests keep what they fetch once per machine: {@code FLOWRUN_CACHE}, else {@code ~/.cache/flowrun}. */
final class TestCache {
    private TestCache() {
    }

    static Path folder() {
        String configured = System.getenv("FLOWRUN_CACHE");
        return configured != null && !configured.isBlank() ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".cache", "flowrun");
    }
}
