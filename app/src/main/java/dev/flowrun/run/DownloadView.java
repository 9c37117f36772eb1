package dev.flowrun.run;

import java.time.Instant;
import java.util.List;

/** {@code GET /workflows/runs/{runId}/download} : fresh signed URLs for every output of a run. */
public record DownloadView(String archiveUrl, Instant expiresAt, List<File> files) {
    public record File(long itemId, String fileName, String url) {
    }
}
