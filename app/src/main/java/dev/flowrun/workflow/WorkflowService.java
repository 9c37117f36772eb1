package dev.flowrun.workflow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.error.NotFound;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** Reading and writing a workspace's workflows. Every lookup is scoped by workspace: another's is "not found". */
public final class WorkflowService {
    private final Jdbi jdbi;
    private final ObjectMapper mapper;
    private final GraphParser parser;
    private final Clock clock;

    public WorkflowService(Jdbi jdbi, ObjectMapper mapper, GraphParser parser, Clock clock) {
        this.jdbi = jdbi;
        this.mapper = mapper;
        this.parser = parser;
        this.clock = clock;
    }

    public List<Workflow> list(long workspaceId) {
        return jdbi.withExtension(WorkflowDao.class, dao -> dao.list(workspaceId)).stream().map(this::view).toList();
    }

    public Workflow get(long workspaceId, long id) {
        return view(row(workspaceId, id));
    }

    /** The workflow's graph, parsed, for starting a run of it. */
    public StoredWorkflow load(long workspaceId, long id) {
        WorkflowRow row = row(workspaceId, id);
        return new StoredWorkflow(row.id(), row.name(), parser.parseSaved(readTree(row.graph())));
    }

    /** A graph stored with a run: it was valid when stored, and is parsed again to run it. */
    public Graph parseStored(String graphJson) {
        return parser.parseSaved(readTree(graphJson));
    }

    public Workflow create(long workspaceId, long createdByKeyId, WorkflowDraft draft) {
        Instant now = now();
        long id = jdbi.inTransaction(handle -> {
            WorkflowDao dao = handle.attach(WorkflowDao.class);
            return dao.insert(new WorkflowRow(0, workspaceId, draft.name(), draft.description(), draft.isTemplate(),
                    false, dao.nextSortOrder(workspaceId), createdByKeyId, draft.graph().toJsonText(mapper), now, now));
        });
        return get(workspaceId, id);
    }

    public Workflow update(long workspaceId, long id, WorkflowDraft draft) {
        jdbi.useTransaction(handle -> {
            WorkflowDao dao = handle.attach(WorkflowDao.class);
            WorkflowRow old = dao.find(workspaceId, id).orElseThrow(() -> notFound(id));
            dao.update(new WorkflowRow(id, workspaceId,
                    draft.name() != null ? draft.name() : old.name(),
                    draft.description() != null ? draft.description() : old.description(),
                    old.isTemplate(), old.isSnapshot(), old.sortOrder(), old.createdByUserId(),
                    draft.graph() != null ? draft.graph().toJsonText(mapper) : old.graph(),
                    old.createdAt(), now()));
        });
        return get(workspaceId, id);
    }

    public void delete(long workspaceId, long id) {
        int deleted = jdbi.withExtension(WorkflowDao.class, dao -> dao.delete(workspaceId, id, now()));
        if (deleted == 0) {
            throw notFound(id);
        }
    }

    private WorkflowRow row(long workspaceId, long id) {
        return jdbi.withExtension(WorkflowDao.class, dao -> dao.find(workspaceId, id)).orElseThrow(() -> notFound(id));
    }

    private Workflow view(WorkflowRow row) {
        return new Workflow(row.id(), row.name(), row.description(), row.isTemplate(), row.isSnapshot(), null, null,
                row.sortOrder(), row.workspaceId(), row.createdByUserId(), readTree(row.graph()), row.createdAt(),
                row.updatedAt());
    }

    private com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored graph is always valid JSON", e);
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static NotFound notFound(long id) {
        return new NotFound("workflow " + id + " not found");
    }

    public record StoredWorkflow(long id, String name, Graph graph) {
    }
}
