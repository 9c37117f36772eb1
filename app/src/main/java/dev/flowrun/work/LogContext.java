package dev.flowrun.work;

import org.slf4j.MDC;

/**
 * Marks the lines a thread logs as being about a run (and one of its items): in JSON they carry {@code mdc.runId} and
 * {@code mdc.itemId}, so one run's story can be picked out of the log. Closing restores what was there before, so a
 * run's line written in the middle of an item's work leaves the item's marks in place.
 */
public final class LogContext implements AutoCloseable {
    public static final String RUN_ID = "runId";
    public static final String ITEM_ID = "itemId";
    private final String previousRun = MDC.get(RUN_ID);
    private final String previousItem = MDC.get(ITEM_ID);

    private LogContext(String runId, String itemId) {
        set(RUN_ID, runId);
        set(ITEM_ID, itemId);
    }

    public static LogContext run(long runId) {
        return new LogContext(Long.toString(runId), null);
    }

    public static LogContext item(long runId, long itemId) {
        return new LogContext(Long.toString(runId), Long.toString(itemId));
    }

    @Override
    public void close() {
        set(RUN_ID, previousRun);
        set(ITEM_ID, previousItem);
    }

    private static void set(String key, String value) {
        if (value == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, value);
        }
    }
}
