package dev.flowrun.work;

import java.util.concurrent.ThreadFactory;

/** Background threads as daemons, so a stop that goes wrong never keeps the JVM alive. */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** For an executor: each thread a daemon called {@code name}. */
    public static ThreadFactory named(String name) {
        return body -> {
            Thread thread = new Thread(body, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    public static Thread start(Runnable body, String name) {
        Thread thread = named(name).newThread(body);
        thread.start();
        return thread;
    }

    /** Interrupts the thread out of its wait and gives it 5 s to end. */
    public static void stop(Thread thread) {
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
