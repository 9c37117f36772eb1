package dev.flowrun.run;

/** One input file of an item: where it came from, its name, and where its downloaded copy is stored. */
public record ItemInput(String key, String fileName, String sourceUrl) {
}
