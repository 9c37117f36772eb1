package dev.flowrun.auth;

import java.time.Instant;

public record Workspace(long id, String name, Instant createdAt) {
}
