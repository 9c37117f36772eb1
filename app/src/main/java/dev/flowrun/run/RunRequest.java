package dev.flowrun.run;

import dev.flowrun.files.ZipLayout;
import java.util.List;
import java.util.Map;

/** A checked create request: for an {@code inputs} run, one map of input node id to file per item. */
public record RunRequest(List<Map<String, FileRef>> items, String zipUrl, ZipLayout zipLayout, String webhookUrl) {
}
