package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code flowrun workflows}: the workflows a run can name, one a line (id, name, node chain); also while a service
 * holds the data directory ({@link HeldWorkflows}).
 */
@Command(name = "workflows", mixinStandardHelpOptions = true,
        description = "Lists the workflows (id, name, node chain), on this machine or on --server.")
final class WorkflowsCommand implements Callable<Integer> {
    @Mixin
    ServerOptions server = new ServerOptions();

    @Override
    public Integer call() throws Exception {
        Cli.quietLogs();
        JsonNode workflows;
        try (Target target = server.open(System.getenv(), null, Json.mapper())) {
            workflows = target.workflows();
        } catch (LocalTarget.Held held) {
            if (!HeldWorkflows.readable(held.config)) {
                throw held;
            }
            workflows = HeldWorkflows.list(held.config, Json.mapper());
        }
        for (JsonNode workflow : workflows) {
            System.out.println(workflow.path("id").asText() + "  " + workflow.path("name").asText() + "  "
                    + Workflows.chain(workflow));
        }
        return 0;
    }
}
