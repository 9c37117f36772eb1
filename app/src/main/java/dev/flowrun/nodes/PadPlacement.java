package dev.flowrun.nodes;

import dev.flowrun.imaging.Pixels;
import dev.flowrun.imaging.Scaler;
import java.awt.image.BufferedImage;

/**
 * Where {@code pad} puts the image: which canvas edges it stands flush on, and the size and place that follow from
 * the margin and the scale rule.
 */
final class PadPlacement {
    /** Alpha from which a pixel counts as the subject's own, not a soft fringe or shadow. */
    static final int SOLID = 128;
    /**
     * Share of a side's pixels that must be solid for the subject to count as cut there: a bust's chest fills most of
     * the bottom row, while a hair or a fingertip that grazes the frame does not make a subject "cut".
     */
    static final double CUT_SHARE = 0.05;

    enum Position { AUTO, CENTER, TOP, RIGHT, BOTTOM, LEFT }

    /** The image's place on the canvas; its size is the scaled size. */
    record Box(int x, int y, int width, int height) {
    }

    private PadPlacement() {
    }

    /**
     * The canvas edges the image goes flush against. {@code auto}: the sides of a cut-out (an image with an alpha
     * channel; trimmed to a rectangular subject it may have no clear pixel left) that are its photo's frame and have
     * the subject's solid pixels along them; an image without alpha (a JPEG, a flattened one) is centred. The named positions: their one edge, whatever the image.
     */
    static FrameSides flushSides(Position position, Picture picture) {
        return switch (position) {
            case CENTER -> FrameSides.NONE;
            case TOP -> new FrameSides(true, false, false, false);
            case RIGHT -> new FrameSides(false, true, false, false);
            case BOTTOM -> new FrameSides(false, false, true, false);
            case LEFT -> new FrameSides(false, false, false, true);
            case AUTO -> cutSides(picture);
        };
    }

    static FrameSides cutSides(Picture picture) {
        BufferedImage image = picture.image();
        FrameSides frame = picture.frameSides();
        if (!Pixels.hasAlpha(image) || frame.equals(FrameSides.NONE)) {
            return FrameSides.NONE;
        }
        int w = image.getWidth();
        int h = image.getHeight();
        int[] px = Pixels.readOnly(image);
        return new FrameSides(frame.top() && cut(px, 0, 1, w), frame.right() && cut(px, w - 1, w, h),
                frame.bottom() && cut(px, (h - 1) * w, 1, w), frame.left() && cut(px, 0, w, h));
    }

    /**
     * Fits a {@code w}×{@code h} image into the canvas less the margin, the margin left out on the flush sides;
     * along an axis with one flush side the image stands on it, otherwise it is centred in what is left.
     */
    static Box place(int w, int h, int canvasW, int canvasH, int margin, boolean fit, FrameSides flush) {
        int left = flush.left() ? 0 : margin;
        int right = flush.right() ? 0 : margin;
        int top = flush.top() ? 0 : margin;
        int bottom = flush.bottom() ? 0 : margin;
        int roomW = canvasW - left - right;
        int roomH = canvasH - top - bottom;
        double s = Math.min((double) roomW / w, (double) roomH / h);
        if (!fit) {
            s = Math.min(1.0, s);
        }
        int fw = Scaler.clampRound(w * s, roomW);
        int fh = Scaler.clampRound(h * s, roomH);
        int x = along(flush.left(), flush.right(), left, roomW, fw, canvasW);
        int y = along(flush.top(), flush.bottom(), top, roomH, fh, canvasH);
        return new Box(x, y, fw, fh);
    }

    private static int along(boolean startFlush, boolean endFlush, int start, int room, int size, int canvas) {
        if (startFlush && !endFlush) {
            return 0;
        }
        if (endFlush && !startFlush) {
            return canvas - size;
        }
        return start + (room - size) / 2;
    }

    /** Whether enough of the pixels {@code first}, {@code first + step}, … ({@code count} of them) are solid. */
    private static boolean cut(int[] px, int first, int step, int count) {
        int needed = Math.max(1, (int) Math.ceil(count * CUT_SHARE));
        int solid = 0;
        for (int i = 0, p = first; i < count; i++, p += step) {
            if (px[p] >>> 24 >= SOLID && ++solid >= needed) {
                return true;
            }
        }
        return false;
    }
}
