package dev.flowrun.files;

import java.time.Instant;

/** A time-limited download URL for one stored file. */
public record SignedUrl(String url, Instant expiresAt) {}
