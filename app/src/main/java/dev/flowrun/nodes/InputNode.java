package dev.flowrun.nodes;

/** Where an item's file enters; decoding is {@link ImageDecoder}'s job. */
public record InputNode() implements Node {
}
