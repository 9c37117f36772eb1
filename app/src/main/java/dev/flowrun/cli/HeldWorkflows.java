package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.Config;
import dev.flowrun.auth.AuthService;
import dev.flowrun.workflow.Templates;
import dev.flowrun.db.Database;
import dev.flowrun.db.H2Snapshot;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.workflow.Workflows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The workflows of the workspace {@code default} of a data directory that a running service holds (contract §12:
 * {@code workflows} lists them then too, without asking for {@code --server}): read from a copy of its H2 database
 * ({@link H2Snapshot}), deleted afterwards. The service's API would need a key the command line does not have; the
 * copy needs nothing but the read access to the data directory the command has anyway, and changes nothing there.
 */
final class HeldWorkflows {
    private HeldWorkflows() {
    }

    static boolean readable(Config config) {
        return H2Snapshot.copyable(config.effectiveDbUrl());
    }

    static JsonNode list(Config config, ObjectMapper mapper) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return listOnce(config, mapper);
            } catch (RuntimeException e) {
                // A copy the store's writes tore beyond what H2 recovers from: a new copy is a moment later.
                if (e instanceof UsageError || attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static JsonNode listOnce(Config config, ObjectMapper mapper) throws IOException {
        Path dir = Files.createTempDirectory("flowrun-workflows");
        try (Database copy = H2Snapshot.open(config.effectiveDbUrl(), dir)) {
            Clock clock = Clock.systemUTC();
            long workspace = new AuthService(copy.jdbi(), new Templates(mapper), clock).defaultWorkspace()
                    .orElseThrow(() -> new UsageError("this data directory has no workspace 'default'; list the"
                            + " workflows of the running service with --server and --key")).id();
            return mapper.valueToTree(Workflows.create(copy.jdbi(), mapper, NodeCatalogue.standard(), clock).service()
                    .list(workspace));
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }
}
