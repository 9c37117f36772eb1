package dev.flowrun.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import picocli.CommandLine.Option;

/** {@code --server URL --key KEY}: both or neither; without them, the engine on this machine. */
final class ServerOptions {
    @Option(names = "--server", paramLabel = "URL",
            description = "A running flowrun service to send the files to, e.g. http://localhost:8080.")
    String server;

    @Option(names = "--key", paramLabel = "KEY", description = "The service's API key (with --server).")
    String key;

    Target open(Map<String, String> env, Integer workers, ObjectMapper mapper) {
        return open(early(env, workers), mapper);
    }

    /**
     * What to do first: checks the options and, for a run on this machine, reads its settings and starts loading its
     * model ({@link LocalTarget#begin}); null with {@code --server}.
     */
    LocalTarget.Early early(Map<String, String> env, Integer workers) {
        if ((server == null) != (key == null)) {
            throw new UsageError(server == null ? "--key goes with --server URL" : "--server needs --key KEY");
        }
        return server != null ? null : LocalTarget.begin(env, workers);
    }

    /** The target of {@link #early}'s answer: the service, or the engine on this machine (it then owns the model). */
    Target open(LocalTarget.Early early, ObjectMapper mapper) {
        return early == null ? new ServerTarget(server, key, mapper) : LocalTarget.start(early);
    }
}
