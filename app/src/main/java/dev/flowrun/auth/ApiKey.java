package dev.flowrun.auth;

import java.time.Instant;

/** A key as stored: never the key itself, only its hash and prefix. */
public record ApiKey(long id, long workspaceId, String prefix, Instant createdAt, Instant revokedAt) {
}
