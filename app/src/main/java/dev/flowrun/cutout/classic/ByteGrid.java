package dev.flowrun.cutout.classic;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Fast skipping through a w×h grid of bytes (a mask, a state map): most of a mask is uniform, and outlines are
 * where the work is. Eight bytes are compared at once as a long.
 */
final class ByteGrid {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteGrid() {
    }

    /**
     * Whether the eight bytes at (x..x+7, y), i = y·w + x, equal their four neighbours (where those exist): then
     * none of them lies on an outline. False near the right edge, where the eight would not fit.
     */
    static boolean uniformEight(byte[] grid, int i, int x, int y, int w, int h) {
        if (x + 9 > w) {
            return false;
        }
        long here = (long) LONGS.get(grid, i);
        return here == (long) LONGS.get(grid, i + 1)
                && (x == 0 || here == (long) LONGS.get(grid, i - 1))
                && (y == 0 || here == (long) LONGS.get(grid, i - w))
                && (y == h - 1 || here == (long) LONGS.get(grid, i + w));
    }
}
