package dev.flowrun.cutout.classic;

import dev.flowrun.work.WorkBudget;
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
    private static boolean uniformEight(byte[] grid, int i, int x, int y, int w, int h) {
        if (x + 9 > w) {
            return false;
        }
        long here = (long) LONGS.get(grid, i);
        return here == (long) LONGS.get(grid, i + 1)
                && (x == 0 || here == (long) LONGS.get(grid, i - 1))
                && (y == 0 || here == (long) LONGS.get(grid, i - w))
                && (y == h - 1 || here == (long) LONGS.get(grid, i + w));
    }

    /** What a {@link #scan} does at one cell, {@code i} = y·w + x. */
    interface Cell {
        void at(int i, int x, int y);
    }

    /**
     * Calls {@code cell} at every cell in row order except those in runs of eight that {@link #uniformEight} skips,
     * checking the work budget at each row. {@code cell} may change the grid: each skip reads it as it is then.
     */
    static void scan(byte[] grid, int w, int h, Cell cell) {
        for (int y = 0, i = 0; y < h; y++) {
            WorkBudget.check();
            for (int x = 0; x < w; x++, i++) {
                while (uniformEight(grid, i, x, y, w, h)) {
                    x += 8;
                    i += 8;
                }
                cell.at(i, x, y);
            }
        }
    }
}
