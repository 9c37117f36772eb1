package dev.flowrun.engine;

import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipScanner;

/** What reading a zip run's archive uses: its download and the scan of its entries. */
public record ZipTools(ZipDownloader downloader, ZipScanner scanner) {
}
