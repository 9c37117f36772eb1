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
        if ((server == null) != (key == null)) {
            throw new UsageError(server == null ? "--key goes with --server URL" : "--server needs --key KEY");
        }
        if (server != null) {
            return new ServerTarget(server, key, mapper);
        }
        return LocalTarget.start(env, workers);
    }
}
