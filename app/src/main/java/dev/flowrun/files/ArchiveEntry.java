package dev.flowrun.files;

/** One file to put in a zip: the name inside the archive and the store key to read it from. */
public record ArchiveEntry(String entryName, String fileKey) {}
