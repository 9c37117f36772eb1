package dev.flowrun.input.zip;

import java.io.IOException;

/**
 * The archive is corrupt or over a limit, found while its bytes are being read. An {@link IOException} so it
 * can pass through stream consumers such as the file store's writer; {@link ZipScanner} turns it into
 * {@link ZipFailure#invalid}.
 */
final class ArchiveProblem extends IOException {
    ArchiveProblem(String message) {
        super(message, null);
    }
}
