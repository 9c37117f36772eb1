package dev.flowrun.nodes;

/**
 * Which sides of an image are still edges of the photo it came from. An input photo's four sides all are; a node
 * that cuts the image (crop, trim) keeps only the sides it did not move inwards, one that turns or mirrors it moves
 * them along. {@code pad}'s {@code position: auto} needs this: after {@code trim}, every side of a cut-out touches
 * opaque pixels, and only these sides say which of those were the photo's frame cutting the subject (a bust cut at
 * the chest) rather than the tight box around a whole subject.
 */
public record FrameSides(boolean top, boolean right, boolean bottom, boolean left) {
    public static final FrameSides ALL = new FrameSides(true, true, true, true);
    public static final FrameSides NONE = new FrameSides(false, false, false, false);

    /**
     * The sides left after keeping the rectangle from ({@code x0},{@code y0}) to ({@code x1},{@code y1}) (exclusive)
     * of a {@code width}×{@code height} image: a side stays a frame side where the rectangle reaches it.
     */
    public FrameSides cropped(int x0, int y0, int x1, int y1, int width, int height) {
        return new FrameSides(top && y0 <= 0, right && x1 >= width, bottom && y1 >= height, left && x0 <= 0);
    }

    /** After a clockwise quarter turn {@code degrees / 90} times: the left side becomes the top, and so on. */
    public FrameSides rotatedClockwise(int degrees) {
        FrameSides sides = this;
        for (int turn = 0; turn < Math.floorMod(degrees, 360) / 90; turn++) {
            sides = new FrameSides(sides.left, sides.top, sides.right, sides.bottom);
        }
        return sides;
    }

    public FrameSides flipped(boolean horizontal) {
        return horizontal ? new FrameSides(top, left, bottom, right) : new FrameSides(bottom, right, top, left);
    }
}
