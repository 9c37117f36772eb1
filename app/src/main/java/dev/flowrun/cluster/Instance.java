package dev.flowrun.cluster;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Locale;
import java.util.UUID;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process as one of the instances sharing the database: a row in {@code instances} with a lease it renews.
 * Every claim it makes carries its id. The id is never reused: an instance whose row is gone (it stalled past its
 * lease and its work was taken over) goes on under a new one, so whatever it claimed before counts for nothing.
 * Leases are reckoned by the database's clock.
 */
public final class Instance {
    private static final Logger LOG = LoggerFactory.getLogger(Instance.class);
    private final Jdbi jdbi;
    private final Duration lease;
    private final String host;
    private final long pid;
    private final ResultSettings settings;
    /**
     * The end of a lease starting now, in SQL H2 and PostgreSQL both accept: an interval literal of the configured
     * length (a bound number times an interval is refused by H2, whose parameters have no type).
     */
    private final String leaseEnd;
    private volatile String id;

    public Instance(Jdbi jdbi, Duration lease) {
        this(jdbi, lease, ResultSettings.NONE);
    }

    /** {@code settings}: what this instance records for others to compare with theirs ({@link #disagreement}). */
    public Instance(Jdbi jdbi, Duration lease, ResultSettings settings) {
        this.jdbi = jdbi;
        this.settings = settings;
        this.lease = lease;
        this.leaseEnd = String.format(Locale.ROOT, "CURRENT_TIMESTAMP + INTERVAL '%d.%03d' SECOND",
                lease.toSeconds(), lease.toMillisPart());
        this.host = hostName();
        this.pid = ProcessHandle.current().pid();
    }

    /** The id this instance claims work under now. */
    public String id() {
        String current = id;
        if (current == null) {
            throw new IllegalStateException("the instance is not registered yet");
        }
        return current;
    }

    public Duration lease() {
        return lease;
    }

    /** Adds this instance's row under a new id. */
    public void register() {
        String fresh = UUID.randomUUID().toString();
        jdbi.useHandle(handle -> handle.createUpdate("""
                        INSERT INTO instances (id, host, pid, started_at, lease_until, result_settings)
                        VALUES (:id, :host, :pid, CURRENT_TIMESTAMP,\s""" + leaseEnd + ", :settings)")
                .bind("id", fresh).bind("host", host).bind("pid", pid).bind("settings", settings.text()).execute());
        id = fresh;
        LOG.info("instance {} (host {}, pid {}) registered, lease {} s", fresh, host, pid, lease.toSeconds());
    }

    /**
     * Extends the lease; when the row is gone (the lease ran out and another instance took the work over), goes on
     * under a new id. Returns false in that case.
     */
    boolean renew() {
        String current = id();
        int renewed = jdbi.withHandle(handle -> handle.createUpdate(
                        "UPDATE instances SET lease_until = " + leaseEnd + " WHERE id = :id")
                .bind("id", current).execute());
        if (renewed == 1) {
            return true;
        }
        LOG.warn("instance {}: its lease ran out and its work was taken over by another instance; going on under a"
                + " new id", current);
        register();
        return false;
    }

    /** Ends the lease now (a clean stop): another instance takes over what is left at its next heartbeat. */
    public void release() {
        String current = id;
        if (current == null) {
            return;
        }
        jdbi.useHandle(handle -> handle.createUpdate(
                        "UPDATE instances SET lease_until = CURRENT_TIMESTAMP - INTERVAL '1' SECOND WHERE id = :id")
                .bind("id", current).execute());
    }

    /**
     * How this instance's result settings differ from those of the other instances whose leases run, as one line
     * naming the first that differs; empty when all agree. Asked after registering, so that of two instances starting
     * at the same moment with different values each sees the other: both refuse rather than both run.
     */
    Optional<String> disagreement() {
        List<Map<String, Object>> others = jdbi.withHandle(handle -> handle.createQuery("""
                        SELECT host, pid, result_settings FROM instances
                        WHERE id <> :id AND lease_until >= CURRENT_TIMESTAMP AND result_settings IS NOT NULL
                        ORDER BY started_at""")
                .bind("id", id()).mapToMap().list());
        for (Map<String, Object> other : others) {
            List<String> differences = settings.differencesFrom(ResultSettings.parse((String) other.get(
                    "result_settings")));
            if (!differences.isEmpty()) {
                return Optional.of("cannot join the running instances: " + String.join(", ", differences)
                        + " on the instance on host " + other.get("host") + " (pid " + other.get("pid") + "); every"
                        + " instance of one database must start with the same " + String.join(", ",
                        settings.values().keySet()));
            }
        }
        return Optional.empty();
    }

    /** Removes this instance's row at once: it did not start, and has nothing for another to take over. */
    void withdraw() {
        String current = id;
        if (current != null) {
            jdbi.useHandle(handle -> remove(handle, current));
            id = null;
        }
    }

    /** Instances whose lease has run out by the database's clock. */
    List<String> expired() {
        return jdbi.withHandle(handle -> handle
                .createQuery("SELECT id FROM instances WHERE lease_until < CURRENT_TIMESTAMP ORDER BY lease_until")
                .mapTo(String.class).list());
    }

    /** Every instance but this one: on a database only one process can open, they are all gone. */
    List<String> others() {
        return jdbi.withHandle(handle -> handle.createQuery("SELECT id FROM instances WHERE id <> :id")
                .bind("id", id()).mapTo(String.class).list());
    }

    /** Removes a gone instance's row; false when another instance removed it first (and so takes its work over). */
    static boolean remove(Handle handle, String deadId) {
        return handle.createUpdate("DELETE FROM instances WHERE id = :id").bind("id", deadId).execute() == 1;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return ManagementFactory.getRuntimeMXBean().getName();
        }
    }
}
