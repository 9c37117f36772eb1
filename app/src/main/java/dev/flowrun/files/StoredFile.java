package dev.flowrun.files;

import java.time.Instant;

/** What a store says of one stored file: its length and when it was last written. */
public record StoredFile(long size, Instant modified) {
}
