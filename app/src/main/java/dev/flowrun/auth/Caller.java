package dev.flowrun.auth;

/** Who is calling: the workspace the key belongs to, and the key itself. */
public record Caller(long workspaceId, long keyId) {
}
