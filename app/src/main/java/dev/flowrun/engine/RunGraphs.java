package dev.flowrun.engine;

import dev.flowrun.lifecycle.RunRows;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.WorkflowService;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;

/** The parsed graphs of the runs being executed, so a run's graph is read and compiled once, not per item. */
final class RunGraphs {
    private static final int CAPACITY = 256;
    private final Jdbi jdbi;
    private final WorkflowService workflows;
    private final Map<Long, Graph> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Graph> eldest) {
            return size() > CAPACITY;
        }
    };

    RunGraphs(Jdbi jdbi, WorkflowService workflows) {
        this.jdbi = jdbi;
        this.workflows = workflows;
    }

    Graph of(long runId) {
        synchronized (cache) {
            Graph cached = cache.get(runId);
            if (cached != null) {
                return cached;
            }
        }
        Graph graph = workflows.parseStored(jdbi.withExtension(RunRows.class, dao -> dao.graphOf(runId)));
        // Two items of a run starting at once both parse it; they share the graph kept first, so what a node keeps
        // for its run (background's fetched image) is kept once.
        synchronized (cache) {
            Graph first = cache.putIfAbsent(runId, graph);
            return first != null ? first : graph;
        }
    }

    void forget(long runId) {
        synchronized (cache) {
            cache.remove(runId);
        }
    }
}
