package dev.flowrun.work;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What one item may still spend: time, counted from when its first image starts decoding (the download and any
 * wait for pixel memory have limits of their own), and whether its run still wants it at all. The worker binds
 * the item's budget to its thread ({@link #bind}); code anywhere below, the image decoder, the nodes, a
 * {@code BackgroundRemover}, calls {@link #check()} between steps of its loops (a row, a region, a tile) and
 * simply lets the {@link WorkStopped} it may throw go up. A check costs a field read on a {@link WorkerThread} (a
 * thread-local read elsewhere), a volatile read and a clock read: cheap enough for once per row of a 50 MP image.
 *
 * <p>Cancelling is done from another thread ({@link #cancel}) and is seen at the next check, so a cancelled run's
 * item stops within the time between two checks, well under a second for every loop of this service. Pixel
 * memory the item reserved ({@link PixelMemory}) is held here and given back when the worker {@link #close()}s
 * the budget at the item's end.
 */
public final class WorkBudget implements AutoCloseable {
    private static final ThreadLocal<WorkBudget> CURRENT = new ThreadLocal<>();
    /** The budget of code that runs outside any item (tests, tools): never stops, reserves nothing. */
    private static final WorkBudget NONE = new WorkBudget(null);

    private final Duration limit;
    private volatile long deadline;
    private volatile boolean started;
    private volatile String cancelledBecause;
    private final List<PixelMemory.Lease> leases = new ArrayList<>();
    private volatile int sharePerPixel = PixelMemory.BYTES_PER_PIXEL;

    /** {@code limit} null means no time limit, only cancellation. */
    public WorkBudget(Duration limit) {
        this.limit = limit;
    }

    /** The budget bound to this thread, or one that never stops when none is. */
    public static WorkBudget current() {
        WorkBudget bound = Thread.currentThread() instanceof WorkerThread worker ? worker.budget : CURRENT.get();
        return bound == null ? NONE : bound;
    }

    /** Throws {@link WorkStopped} if the current thread's item must stop; otherwise returns at once. */
    public static void check() {
        current().checkNow();
    }

    /** Makes this the thread's current budget until the returned binding is closed. */
    public Binding bind() {
        if (Thread.currentThread() instanceof WorkerThread worker) {
            WorkBudget previous = worker.budget;
            worker.budget = this;
            return () -> worker.budget = previous;
        }
        WorkBudget previous = CURRENT.get();
        CURRENT.set(this);
        return () -> {
            if (previous == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(previous);
            }
        };
    }

    /** Starts the clock, once: the first image's decoding begins. Later calls change nothing. */
    public void startClock() {
        if (!started && limit != null) {
            deadline = System.nanoTime() + limit.toNanos();
            started = true;
        }
    }

    /** Called from any thread: the item stops at its next check. The first reason given is the one reported. */
    public void cancel(String why) {
        if (this != NONE && cancelledBecause == null) {
            cancelledBecause = why;
        }
    }

    public boolean cancelled() {
        return cancelledBecause != null;
    }

    /** True once the item must stop, for either reason. */
    public boolean stopped() {
        return cancelledBecause != null || overTime();
    }

    public void checkNow() {
        if (cancelledBecause != null) {
            throw new WorkStopped("stopped: " + cancelledBecause, true);
        }
        if (overTime()) {
            throw new WorkStopped("stopped after the time limit of " + DurationText.format(limit)
                    + " an item's processing may take", false);
        }
    }

    /** The limit, for messages; null when there is none. */
    public Duration limit() {
        return limit;
    }

    private boolean overTime() {
        return started && System.nanoTime() - deadline > 0;
    }

    /**
     * How many bytes per pixel the item's next image reserves ({@link PixelMemory#reserve}): what the graph below
     * it holds at its peak, at least {@link PixelMemory#BYTES_PER_PIXEL}, what decoding takes.
     */
    public void sharePerPixel(int bytes) {
        sharePerPixel = Math.max(PixelMemory.BYTES_PER_PIXEL, bytes);
    }

    int sharePerPixel() {
        return sharePerPixel;
    }

    void hold(PixelMemory.Lease lease) {
        synchronized (leases) {
            leases.add(lease);
        }
    }

    boolean holdsPixels() {
        synchronized (leases) {
            return !leases.isEmpty();
        }
    }

    boolean reservesPixels() {
        return this != NONE;
    }

    /** Gives back the pixel memory the item reserved. */
    @Override
    public void close() {
        synchronized (leases) {
            leases.forEach(PixelMemory.Lease::release);
            leases.clear();
        }
    }

    /** Undoes {@link #bind}. */
    @FunctionalInterface
    public interface Binding extends AutoCloseable {
        @Override
        void close();
    }
}
