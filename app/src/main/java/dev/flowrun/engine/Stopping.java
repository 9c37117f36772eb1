package dev.flowrun.engine;

/** Set once when a pool starts to stop; read by its threads and by the work they run. */
final class Stopping {
    private volatile boolean set;

    void set() {
        set = true;
    }

    boolean isSet() {
        return set;
    }
}
