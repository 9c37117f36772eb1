package dev.flowrun.cutout;

import java.awt.image.BufferedImage;

/**
 * A cut-out: the ARGB image with the background transparent, the method that made it, and how sure that method is
 * of it, 0 (likely wrong: look at it) to 1 (clean). See {@code docs/background-removal.md} for what each method's
 * confidence is made of.
 */
public record Cutout(BufferedImage image, CutoutMethod method, double confidence) {
    public Cutout {
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("confidence must be within 0..1, was " + confidence);
        }
    }
}
