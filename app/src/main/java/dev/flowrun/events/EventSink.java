package dev.flowrun.events;

/**
 * Where a stream's text goes (the HTTP side implements it without blocking). It holds what the client has not read
 * yet; the hub sends events only while it {@link #hasRoom()}, so the rest wait in the database, not in memory, and a
 * client that takes nothing for too long is let go: it reconnects with the last id it got and misses nothing.
 */
public interface EventSink {
    /** Queues text for the client; false when the sink is closed. */
    boolean send(String text);

    /** Sends what is queued, then ends the response. */
    void end();

    /** Whether the sink is closed: the client went, a write failed, or it has been ended. */
    boolean closed();

    /** Whether little enough is waiting for the client that more events may be queued. */
    boolean hasRoom();

    /** Whether the client has not taken anything for so long that it is to be let go. */
    boolean stalled();

    /** Ends the response at once, dropping what is queued. */
    void close();
}
