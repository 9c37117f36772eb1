package dev.flowrun.cluster;

import dev.flowrun.work.Env;
import java.time.Duration;
import java.util.List;

/** {@code FLOWRUN_LEASE}: how long an instance that stopped answering keeps its work. */
public record ClusterSettings(Duration lease) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_LEASE");

    /**
     * An instance renews its lease every sixth of it (5 s): a pause of half a minute (a long GC, a frozen VM) does
     * not cost it its work, and the work of one killed is taken over within 35 s, inside the 60 s that README,
     * Several instances promises.
     */
    public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

    public static ClusterSettings fromEnv(Env env) {
        // Not required by the API: how long an instance that stopped answering keeps its work (several instances).
        return new ClusterSettings(env.duration("FLOWRUN_LEASE", DEFAULT_LEASE));
    }
}
