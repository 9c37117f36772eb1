package dev.flowrun.nodes;

import dev.flowrun.imaging.Remap;
import java.awt.image.BufferedImage;

/**
 * An image on its way down an item's graph, with which of its sides are edges of its source photo, the photo the
 * nearest cut-out above came from ({@code photo}, null before any; {@code background}'s {@code blur} shows it behind
 * the subject), and where images named by URL come from ({@code remote}).
 */
public record Picture(BufferedImage image, FrameSides frameSides, BufferedImage photo, RemoteImages remote) {

    /** A photo as it enters the graph: all four sides are its frame. */
    public static Picture photo(BufferedImage image) {
        return photo(image, RemoteImages.NONE);
    }

    /** A photo as it enters an item's graph, with the run's way to fetch images named by URL. */
    public static Picture photo(BufferedImage image, RemoteImages remote) {
        return new Picture(image, FrameSides.ALL, null, remote);
    }

    /** The same frame sides on another image of the same geometry (colours, alpha or scale changed). */
    public Picture with(BufferedImage changed) {
        return new Picture(changed, frameSides, photo, remote);
    }

    /** Another image with other frame sides (the carried photo no longer lines up with it pixel for pixel). */
    public Picture reshaped(BufferedImage changed, FrameSides sides) {
        return new Picture(changed, sides, photo, remote);
    }

    /**
     * The rectangle at ({@code x}, {@code y}) of {@code cut}'s size cut from this picture's image: a carried photo that
     * lined up with the image is cut the same way, so it still lines up.
     */
    public Picture cropped(BufferedImage cut, FrameSides sides, int x, int y) {
        boolean aligned = photo != null && photo.getWidth() == image.getWidth() && photo.getHeight() == image.getHeight();
        BufferedImage carried = aligned ? Remap.crop(photo, x, y, cut.getWidth(), cut.getHeight()) : photo;
        return new Picture(cut, sides, carried, remote);
    }

    /** A cut-out of this picture's image: the photo it came from is carried along. */
    public Picture cutOut(BufferedImage cutout) {
        return new Picture(cutout, frameSides, image, remote);
    }
}
