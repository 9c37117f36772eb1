package dev.flowrun.work;

import java.io.InterruptedIOException;
import java.util.ArrayDeque;

/**
 * The heap that decoded images and the nodes' working copies of them may take, all workers together. An item
 * reserves its share from the image's header, before a pixel is decoded, and keeps it until it ends; when the
 * share is not free, the item waits for the items ahead of it to finish rather than run the heap out for
 * everyone. Waiters are served in arrival order, so a large image is not starved by a stream of small ones.
 *
 * <p>An item's share is what its graph holds at its peak per pixel of the image ({@link WorkBudget#sharePerPixel},
 * worked out by the engine's walk plan from what each node allocates and keeps, e.g. {@code removeBackground}'s
 * source, result, distances, mask, edge levels, alpha: 13 to 14 bytes a pixel), and at least
 * {@link #BYTES_PER_PIXEL}, which covers the decoder's raster and its conversion and an EXIF rotation.
 * A share larger than the whole budget is cut down to the budget: such an item runs, alone, rather than being
 * refused an image the pixel limit accepts. An item that already holds a share (a second input image) takes more
 * without waiting: waiting while holding could leave two such items waiting on each other forever.
 */
public final class PixelMemory {
    public static final int BYTES_PER_PIXEL = 16;
    /** How often a waiting item looks whether its run still wants it. */
    private static final long RECHECK_MILLIS = 200;

    private final long capacity;
    private final ArrayDeque<Object> queue = new ArrayDeque<>();
    private long inUse;

    public PixelMemory(long capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * Three quarters of the heap: the last quarter is left to everything else (database cache, HTTP, page cache,
     * small buffers) and to the collector, which needs free regions to place arrays of hundreds of MB.
     */
    public static PixelMemory forHeap(long maxHeap) {
        return new PixelMemory(maxHeap / 4 * 3);
    }

    public long capacity() {
        return capacity;
    }

    public synchronized long inUse() {
        return inUse;
    }

    /** Items waiting for their share now. */
    public synchronized int waiting() {
        return queue.size();
    }

    /**
     * Reserves the share of a {@code width}×{@code height} image for the item of {@code budget}, waiting for room
     * if need be; the share is given back when the budget is closed. Outside any item (no budget bound) nothing is
     * reserved.
     *
     * @throws WorkStopped            when the item's run is cancelled while it waits
     * @throws InterruptedIOException when the service stops while it waits
     */
    public void reserve(long width, long height, WorkBudget budget) throws InterruptedIOException {
        if (!budget.reservesPixels()) {
            return;
        }
        long bytes = Math.min(capacity, Math.max(1, width * height) * budget.sharePerPixel());
        if (budget.holdsPixels()) {
            synchronized (this) {
                inUse += bytes;
            }
        } else {
            waitFor(bytes, budget);
        }
        budget.hold(new Lease(this, bytes));
    }

    private synchronized void waitFor(long bytes, WorkBudget budget) throws InterruptedIOException {
        Object ticket = new Object();
        queue.addLast(ticket);
        try {
            while (queue.peekFirst() != ticket || inUse + bytes > capacity) {
                budget.checkNow();
                wait(RECHECK_MILLIS);
            }
            inUse += bytes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for pixel memory");
        } finally {
            queue.remove(ticket);
            notifyAll();
        }
    }

    private synchronized void release(long bytes) {
        inUse -= bytes;
        notifyAll();
    }

    /** One reservation, given back once. */
    static final class Lease {
        private final PixelMemory memory;
        private long bytes;

        Lease(PixelMemory memory, long bytes) {
            this.memory = memory;
            this.bytes = bytes;
        }

        void release() {
            if (bytes > 0) {
                memory.release(bytes);
                bytes = 0;
            }
        }
    }
}
