package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.run.RunViews;

/**
 * What an item's work uses: its stored inputs read ({@code views}), fetched and decoded, its outputs stored (and the
 * room left for them in the data directory), its timings recorded.
 */
public record ItemTools(RunViews views, InputFetcher fetcher, ImageDecoder decoder, FileStore store, DiskSpace disk,
                        ObjectMapper mapper, Metrics metrics) {
}
