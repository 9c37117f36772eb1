package dev.flowrun.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.files.DiskSpace;
import dev.flowrun.files.FileStore;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.net.LazyClient;
import dev.flowrun.nodes.RemoteImages;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.lifecycle.StoredInputs;
import dev.flowrun.metrics.Metrics;
import dev.flowrun.work.PixelMemory;

/**
 * What an item's work uses: its stored inputs read ({@code inputs}), fetched and decoded, its outputs stored (and the
 * room left for them in the data directory), its timings recorded.
 */
public record ItemTools(StoredInputs inputs, InputFetcher fetcher, ImageDecoder decoder, FileStore store, DiskSpace disk,
                        ObjectMapper mapper, Metrics metrics) {

    /** How a run's nodes fetch the images they name by URL. */
    RemoteImages remoteImages(long runId) {
        return new RunRemoteImages(fetcher, store, decoder, runId);
    }

    /**
     * Inputs downloaded with {@code downloads} into {@code store}; images decoded up to {@code maxPixels}
     * ({@code FLOWRUN_MAX_PIXELS}) each and, all items together, within the heap's room for pixels.
     */
    public static ItemTools create(LazyClient downloads, FileStore store, DiskSpace disk, long maxPixels,
                                   ObjectMapper mapper, Metrics metrics) {
        return new ItemTools(new StoredInputs(mapper), new InputFetcher(downloads, store),
                new ImageDecoder(maxPixels, PixelMemory.forHeap(Runtime.getRuntime().maxMemory())), store, disk, mapper,
                metrics);
    }
}
