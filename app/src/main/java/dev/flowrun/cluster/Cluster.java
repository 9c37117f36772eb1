package dev.flowrun.cluster;

import dev.flowrun.db.Database;
import dev.flowrun.error.StartupFailure;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance among the others on one database: its lease ({@link Instance}, made before the rest of the app, as its
 * id names every claim), the heartbeat that renews it and takes over the work of instances whose leases ran out, and
 * on PostgreSQL the notifications that wake this instance for items queued and runs cancelled elsewhere.
 */
public final class Cluster {
    private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);
    private final Instance instance;
    private final Heartbeat heartbeat;
    /** Null on H2: only PostgreSQL instances tell each other about queued items and cancels. */
    private final Notifications notifications;
    private final boolean exclusive;

    /**
     * {@code takeovers}: what each feature does with the work of an instance that is gone; {@code wake} and
     * {@code cancelledElsewhere}: what the workers do when another instance queued items or cancelled a run.
     */
    public Cluster(Database database, Instance instance, List<Takeover> takeovers, Runnable wake,
                   LongConsumer cancelledElsewhere) {
        this.instance = instance;
        this.exclusive = database.dialect().exclusive();
        this.heartbeat = new Heartbeat(database.jdbi(), instance, takeovers, database.availability());
        this.notifications = exclusive ? null : new Notifications(database::connection, Map.of(
                Notifications.ITEMS_QUEUED, payload -> wake.run(),
                Notifications.RUN_CANCELLED, payload -> cancelledElsewhere.accept(Long.parseLong(payload))),
                wake, database.availability());
    }

    /**
     * Registers this instance and takes over what a crashed earlier process (H2), or instances whose leases ran out
     * (PostgreSQL), left unfinished; before the workers start.
     */
    public void join() {
        instance.register();
        if (!exclusive) {
            Optional<String> disagreement = instance.disagreement();
            if (disagreement.isPresent()) {
                instance.withdraw();
                throw new StartupFailure(disagreement.get(), null);
            }
        }
        heartbeat.takeOverAtStart(exclusive);
    }

    public void start() {
        heartbeat.start();
        if (notifications != null) {
            notifications.start();
        }
    }

    /** After the workers stopped; what is left unfinished here goes to another instance at its next heartbeat. */
    public void stop() {
        if (notifications != null) {
            notifications.stop();
        }
        heartbeat.stop();
        releaseLease();
    }

    /** Not after the whole lease: released, the work is taken over at another instance's next heartbeat. */
    private void releaseLease() {
        try {
            instance.release();
        } catch (RuntimeException e) {
            LOG.warn("could not release this instance's lease: {}; its work is taken over once it runs out",
                    e.toString());
        }
    }
}
