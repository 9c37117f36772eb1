package dev.flowrun.cutout;

import dev.flowrun.cutout.classic.FloodFillBackgroundRemover;
import dev.flowrun.nodes.NodeFailure;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * Cuts the subject out of its backdrop. The {@code removeBackground} node depends only on this, so the colour
 * based {@link FloodFillBackgroundRemover} can be swapped for a learned segmentation model later.
 */
public interface BackgroundRemover {

    /**
     * Returns a new TYPE_INT_ARGB image with the background transparent; must not modify {@code image}.
     *
     * @param tolerance 1–100, how different from the backdrop a colour may be and still count as backdrop;
     *                  empty = decide from the image
     * @param feather   0–20 px of soft edge; 0 gives only fully opaque or fully transparent pixels
     */
    BufferedImage remove(BufferedImage image, OptionalInt tolerance, int feather) throws NodeFailure;
}
