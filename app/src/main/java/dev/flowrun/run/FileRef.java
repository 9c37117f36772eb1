package dev.flowrun.run;

/** One file named in a create request: where to fetch it and what to call it. */
public record FileRef(String url, String name) {
}
