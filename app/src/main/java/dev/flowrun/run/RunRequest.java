package dev.flowrun.run;

import dev.flowrun.files.ZipLayout;

/** A checked create request: an {@code inputs} run's items (none for a zip run), or its zip URL. */
public record RunRequest(RequestedItems items, String zipUrl, ZipLayout zipLayout, String webhookUrl) {
}
