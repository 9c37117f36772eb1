package dev.flowrun.nodes;

import dev.flowrun.imaging.ImageDecoder;

/** Where an item's file enters; decoding is {@link ImageDecoder}'s job. */
public record InputNode() implements Node {
}
