package dev.flowrun.cluster;

import dev.flowrun.db.DatabaseAvailability;
import dev.flowrun.work.DaemonThreads;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's LISTEN/NOTIFY between instances: "items were queued" wakes idle workers everywhere, "run N was
 * cancelled" stops its running items everywhere. One connection taken from the pool for good (so it counts in
 * FLOWRUN_DB_POOL_SIZE, and a database with no connection to spare for it is the pool's business), blocked on its
 * socket until a notification comes; taken again after 1 s, doubling to 30 s, when it drops, with one log line for
 * the whole while. A notification lost meanwhile costs only latency: idle workers look for work every 30 s anyway,
 * and a cancelled run's items are discarded when they finish.
 */
public final class Notifications {
    public static final String ITEMS_QUEUED = "flowrun_items";
    public static final String RUN_CANCELLED = "flowrun_cancel";
    private static final Logger LOG = LoggerFactory.getLogger(Notifications.class);
    private static final int MAX_BACKOFF_MS = 30_000;
    private final Connections connections;
    private final Map<String, Consumer<String>> listeners;
    private final Runnable afterReconnect;
    private final DatabaseAvailability database;
    private Thread thread;
    private volatile boolean stopping;
    private volatile Connection connection;

    /** {@code listeners}: channel → what to do with a payload; {@code afterReconnect}: catch up on what was missed. */
    public Notifications(Connections connections, Map<String, Consumer<String>> listeners, Runnable afterReconnect,
                         DatabaseAvailability database) {
        this.connections = connections;
        this.database = database;
        this.listeners = Map.copyOf(listeners);
        this.afterReconnect = afterReconnect;
    }

    /** Sends a notification; it is delivered when {@code handle}'s transaction commits (at once outside one). */
    public static void send(Handle handle, String channel, String payload) {
        handle.createQuery("SELECT pg_notify(:channel, :payload)").bind("channel", channel).bind("payload", payload)
                .mapTo(String.class).findOne();
    }

    public synchronized void start() {
        thread = DaemonThreads.start(this::listen, "flowrun-notifications");
    }

    public synchronized void stop() {
        stopping = true;
        abortQuietly(connection);
        DaemonThreads.stop(thread);
    }

    private void listen() {
        int backoff = 1_000;
        boolean first = true;
        boolean logged = false;
        while (!stopping) {
            try (Connection conn = connections.open()) {
                connection = conn;
                try (Statement statement = conn.createStatement()) {
                    for (String channel : listeners.keySet()) {
                        statement.execute("LISTEN " + channel);
                    }
                }
                if (!first) {
                    if (logged) {
                        LOG.info("listening for other instances' notifications again");
                    }
                    afterReconnect.run();
                }
                first = false;
                logged = false;
                backoff = 1_000;
                PGConnection pg = conn.unwrap(PGConnection.class);
                while (!stopping) {
                    PGNotification[] received = pg.getNotifications(10_000);
                    if (received != null) {
                        for (PGNotification notification : received) {
                            dispatch(notification);
                        }
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (stopping) {
                    return;
                }
                first = false;
                // An outage is logged once by what watches the database, and ends the wait as soon as it is over.
                boolean outage = database.report(e);
                if (!outage && !logged) {
                    LOG.warn("listening for other instances' notifications failed ({}); trying again quietly until it"
                            + " works (items queued elsewhere are seen within 30 s meanwhile)", e.toString());
                    logged = true;
                }
                try {
                    if (outage) {
                        database.awaitBack(MAX_BACKOFF_MS);
                    } else {
                        Thread.sleep(backoff);
                    }
                } catch (InterruptedException interrupted) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            }
        }
    }

    /** Where the listening connection comes from: the pool. */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    private void dispatch(PGNotification notification) {
        Consumer<String> listener = listeners.get(notification.getName());
        if (listener != null) {
            try {
                listener.accept(notification.getParameter());
            } catch (RuntimeException e) {
                LOG.warn("notification {} {}: {}", notification.getName(), notification.getParameter(), e.toString());
            }
        }
    }

    /**
     * Cuts the connection under the listening thread, which is blocked reading its socket (an interrupt does not
     * reach it); the pool then drops the connection as broken.
     */
    private static void abortQuietly(Connection conn) {
        if (conn != null) {
            try {
                conn.abort(Runnable::run);
            } catch (SQLException | RuntimeException e) {
                // Stopping: the thread ends at its next wake-up all the same.
            }
        }
    }
}
