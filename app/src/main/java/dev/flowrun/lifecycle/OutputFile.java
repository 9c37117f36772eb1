package dev.flowrun.lifecycle;

/**
 * What the archive and the download list need of an output: its item, store key and path in the archive. Read
 * without the node chain, since a 10,000-output archive would otherwise load 10,000 JSON documents it never uses.
 */
public record OutputFile(long itemId, String fileKey, String fileName) {
}
