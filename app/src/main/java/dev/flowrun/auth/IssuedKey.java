package dev.flowrun.auth;

import java.time.Instant;

/** A key at the one moment its clear text exists: when it is issued. */
public record IssuedKey(long id, long workspaceId, String key, String prefix, Instant createdAt) {
}
