package dev.flowrun.upload;

import dev.flowrun.input.InputFetcher;
import dev.flowrun.input.zip.ZipLimits;

/** What one request may send, as for downloads (README, Limits); tests pass smaller ones. */
public record UploadLimits(long maxImageBytes, long maxZipBytes, int maxFiles) {
    public static final UploadLimits CONTRACT = new UploadLimits(InputFetcher.MAX_BYTES,
            ZipLimits.CONTRACT.maxArchiveBytes(), 10_000);
}
