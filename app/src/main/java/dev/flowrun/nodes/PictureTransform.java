package dev.flowrun.nodes;

import java.awt.image.BufferedImage;

/**
 * A transform whose work is on the {@link Picture} (it moves the frame sides, or grades a cut-out): it writes
 * {@link #transform} only, and {@link #apply} is that transform of a plain photo.
 */
public interface PictureTransform extends TransformNode {
    @Override
    Transformed transform(Picture picture) throws NodeFailure;

    @Override
    default BufferedImage apply(BufferedImage image) throws NodeFailure {
        return transform(Picture.photo(image)).picture().image();
    }
}
