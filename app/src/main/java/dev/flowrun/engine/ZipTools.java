package dev.flowrun.engine;

import dev.flowrun.files.FileStore;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipLimits;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.net.LazyClient;

/** What reading a zip run's archive uses: its download and the scan of its entries. */
public record ZipTools(ZipDownloader downloader, ZipScanner scanner) {

    /** Archives downloaded with {@code downloads} into {@code store} and read within the limits the API states. */
    public static ZipTools create(LazyClient downloads, FileStore store) {
        return new ZipTools(new ZipDownloader(downloads, store, ZipLimits.CONTRACT.maxArchiveBytes()),
                new ZipScanner(ZipLimits.CONTRACT));
    }
}
