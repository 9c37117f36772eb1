package dev.flowrun.run;

import dev.flowrun.files.ZipLayout;
import dev.flowrun.lifecycle.Priority;

/** A checked create request: an {@code inputs} run's items (none for a zip run), or its zip URL; its priority. */
public record RunRequest(RequestedItems items, String zipUrl, ZipLayout zipLayout, String webhookUrl,
                         Priority priority) {
}
