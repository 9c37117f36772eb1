package dev.flowrun.nodes;

import java.awt.image.BufferedImage;

/** A node that turns one image into another. Must not modify its input: a graph may branch after it. */
public non-sealed interface TransformNode extends Node {
    BufferedImage apply(BufferedImage image) throws NodeFailure;
}
