package dev.flowrun.cutout;

import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * Cuts the subject out of its backdrop. The {@code removeBackground} node depends only on this; the classic
 * backdrop algorithm ({@code cutout.classic}) and the segmentation model ({@code cutout.model}) implement it.
 */
public interface BackgroundRemover {

    /**
     * Returns a new TYPE_INT_ARGB image with the background transparent, with the method and its confidence; must
     * not modify {@code image}.
     *
     * @param tolerance 1–100, how different from the backdrop a colour may be and still count as backdrop;
     *                  empty = decide from the image
     * @param feather   0–20 px of soft edge; 0 gives only fully opaque or fully transparent pixels
     */
    Cutout remove(BufferedImage image, OptionalInt tolerance, int feather) throws CutoutFailed;

    /**
     * This remover taking one look only where it would take more ({@code secondLook: false}): faster, with a
     * confidence from that look alone. A remover that takes one look anyway returns itself.
     */
    default BackgroundRemover withoutSecondLook() {
        return this;
    }
}
