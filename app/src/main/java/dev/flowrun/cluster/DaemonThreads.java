package dev.flowrun.cluster;

/** The background threads of this package: daemons, so a stop that goes wrong never keeps the JVM alive. */
final class DaemonThreads {
    private DaemonThreads() {
    }

    static Thread start(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Interrupts the thread out of its wait and gives it 5 s to end. */
    static void stop(Thread thread) {
        if (thread == null) {
            return;
        }
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
