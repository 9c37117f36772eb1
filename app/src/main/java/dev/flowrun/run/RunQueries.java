package dev.flowrun.run;

import java.util.List;
import java.util.Locale;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.reflect.ConstructorMapper;
import org.jdbi.v3.core.statement.Query;

/** The two listings whose WHERE clause depends on the filters given. */
final class RunQueries {
    private RunQueries() {
    }

    static List<RunRow> listRuns(Handle handle, RunFilter filter, PageRequest page) {
        Query query = handle.createQuery("SELECT " + RunDao.RUN_COLUMNS + " FROM runs WHERE " + where(filter)
                + " ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset");
        bind(query, filter);
        return query.bind("limit", page.pageSize()).bind("offset", page.offset())
                .map(ConstructorMapper.of(RunRow.class)).list();
    }

    static long countRuns(Handle handle, RunFilter filter) {
        Query query = handle.createQuery("SELECT COUNT(*) FROM runs WHERE " + where(filter));
        bind(query, filter);
        return query.mapTo(Long.class).one();
    }

    static List<ItemRow> items(Handle handle, long runId, String q, PageRequest page) {
        Query query = handle.createQuery("SELECT " + RunDao.ITEM_COLUMNS + " FROM run_items WHERE run_id = :runId"
                + (q == null ? "" : " AND search_text LIKE :pattern ESCAPE '!'")
                + " ORDER BY id LIMIT :limit OFFSET :offset");
        query.bind("runId", runId).bind("limit", page.pageSize()).bind("offset", page.offset());
        if (q != null) {
            query.bind("pattern", containsPattern(q));
        }
        return query.map(ConstructorMapper.of(ItemRow.class)).list();
    }

    static long countItems(Handle handle, long runId, String q) {
        Query query = handle.createQuery("SELECT COUNT(*) FROM run_items WHERE run_id = :runId"
                + (q == null ? "" : " AND search_text LIKE :pattern ESCAPE '!'"));
        query.bind("runId", runId);
        if (q != null) {
            query.bind("pattern", containsPattern(q));
        }
        return query.mapTo(Long.class).one();
    }

    /** {@code %q%}, lower-cased like the stored search text, with LIKE's own characters taken literally. */
    static String containsPattern(String q) {
        String escaped = q.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return "%" + escaped + "%";
    }

    private static String where(RunFilter filter) {
        return "workspace_id = :workspaceId"
                + (filter.status() == null ? "" : " AND status = :status")
                + (filter.workflowId() == null ? "" : " AND workflow_id = :workflowId");
    }

    private static void bind(Query query, RunFilter filter) {
        query.bind("workspaceId", filter.workspaceId());
        if (filter.status() != null) {
            query.bind("status", filter.status().json());
        }
        if (filter.workflowId() != null) {
            query.bind("workflowId", filter.workflowId());
        }
    }
}
