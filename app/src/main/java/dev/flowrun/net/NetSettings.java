package dev.flowrun.net;

import dev.flowrun.work.Env;
import java.util.List;

/** {@code FLOWRUN_ALLOW_PRIVATE_NETWORKS}: whether outbound URLs may reach loopback and private addresses. */
public record NetSettings(boolean allowPrivateNetworks) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_ALLOW_PRIVATE_NETWORKS");

    public static NetSettings fromEnv(Env env) {
        return new NetSettings(env.bool("FLOWRUN_ALLOW_PRIVATE_NETWORKS", false));
    }
}
