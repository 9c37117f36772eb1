package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.nodes.NodeCatalogue;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/**
 * The workflow feature's parts, both on one graph parser over the app's node types: the service that stores and
 * reads workflows, and the reading of a create or update request's body.
 */
public record Workflows(WorkflowService service, WorkflowRequests requests) {

    public static Workflows create(Jdbi jdbi, ObjectMapper mapper, NodeCatalogue catalogue, Clock clock) {
        var parser = new GraphParser(catalogue);
        return new Workflows(new WorkflowService(jdbi, mapper, parser, clock), new WorkflowRequests(parser));
    }
}
