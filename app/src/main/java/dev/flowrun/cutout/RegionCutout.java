package dev.flowrun.cutout;

import dev.flowrun.imaging.Pixels;
import java.awt.image.BufferedImage;
import java.util.OptionalInt;

/**
 * A cut-out told where the subject is: only what lies inside the region can be subject. The remover looks at the
 * region with a margin around it (the model then picks the subject inside rather than the largest thing in the
 * photo, and sees the subject's surroundings as backdrop; the classic method reads the backdrop from the margin's
 * border), and everything outside the region is made transparent.
 */
public final class RegionCutout {
    /** The margin the remover sees around the region, as a share of the region's size on each side. */
    static final double MARGIN = 0.1;

    private RegionCutout() {
    }

    /** {@code region}: {x0, y0, x1, y1} within the photo, x1 and y1 exclusive, not empty. */
    public static Cutout remove(BackgroundRemover remover, BufferedImage image, int[] region, OptionalInt tolerance,
                                int feather) throws CutoutFailed {
        int w = image.getWidth();
        int h = image.getHeight();
        int mx = (int) Math.round((region[2] - region[0]) * MARGIN);
        int my = (int) Math.round((region[3] - region[1]) * MARGIN);
        int x0 = Math.max(0, region[0] - mx);
        int y0 = Math.max(0, region[1] - my);
        int x1 = Math.min(w, region[2] + mx);
        int y1 = Math.min(h, region[3] + my);
        // A copy of its own: the removers read a whole image's pixels without copying them, a sub-image's every time.
        BufferedImage seen = Pixels.copy(image.getSubimage(x0, y0, x1 - x0, y1 - y0));
        Cutout part = remover.remove(seen, tolerance, feather);
        BufferedImage out = Pixels.create(w, h, true);
        int[] dst = Pixels.data(out);
        int[] src = Pixels.readOnly(part.image());
        int pw = x1 - x0;
        for (int y = region[1]; y < region[3]; y++) {
            System.arraycopy(src, (y - y0) * pw + region[0] - x0, dst, y * w + region[0], region[2] - region[0]);
        }
        return new Cutout(out, part.method(), part.confidence());
    }
}
