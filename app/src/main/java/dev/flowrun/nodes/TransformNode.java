package dev.flowrun.nodes;

import java.awt.image.BufferedImage;

/** A node that turns one image into another. Must not modify its input: a graph may branch after it. */
public non-sealed interface TransformNode extends Node {
    BufferedImage apply(BufferedImage image) throws NodeFailure;

    /**
     * What its result keeps alive while the nodes below it run, in bytes per pixel of its input: one image, or
     * more for a result that carries another image down with it (the photo a cut-out came from, say).
     */
    default int resultBytesPerPixel() {
        return IMAGE_BYTES_PER_PIXEL;
    }

    /**
     * What its result hands down to every node below it besides its image, alive until the last of them has run, in
     * bytes per pixel of its input: the photo a cut-out came from ({@link Picture#cutOut}), for a blurred background.
     */
    default int carriedBytesPerPixel() {
        return 0;
    }

    /**
     * What an item's graph walk calls. By default the image is transformed and its {@link FrameSides} kept, which
     * holds for a node that moves no pixel across the frame (colours, alpha, scaling the whole image); a node that
     * cuts, turns or places the image overrides this to say where the frame sides went, and a cut-out to grade
     * itself.
     */
    default Transformed transform(Picture picture) throws NodeFailure {
        return Transformed.of(picture.with(apply(picture.image())));
    }
}
