package dev.flowrun.nodes;

import java.awt.image.BufferedImage;

/** An image on its way down an item's graph, with which of its sides are edges of its source photo. */
public record Picture(BufferedImage image, FrameSides frameSides) {

    /** A photo as it enters the graph: all four sides are its frame. */
    public static Picture photo(BufferedImage image) {
        return new Picture(image, FrameSides.ALL);
    }

    /** The same frame sides on another image of the same geometry (colours, alpha or scale changed). */
    public Picture with(BufferedImage changed) {
        return new Picture(changed, frameSides);
    }
}
