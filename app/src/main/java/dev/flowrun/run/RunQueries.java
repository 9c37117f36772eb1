package dev.flowrun.run;

import dev.flowrun.lifecycle.RunRow;
import dev.flowrun.lifecycle.OutputRow;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;

/**
 * The two listings whose WHERE clause depends on the filters given. Their unfiltered pages are index ranges, so
 * the last page costs what the first does (V4.sql): OFFSET would walk every row before the page.
 */
final class RunQueries {
    /**
     * q is a substring match over every item of the run (at most 10,000), never other runs'. Matches are found in
     * run_items_search alone (V5.sql), which holds the names; only the page's rows are read.
     */
    static final String ITEMS_MATCHING = "SELECT " + RunDao.ITEM_COLUMNS + """
             FROM run_items
            WHERE id IN (SELECT id FROM run_items
                          WHERE run_id = :runId AND search_text LIKE :pattern ESCAPE '!'
                          ORDER BY id LIMIT :limit OFFSET :offset)
            ORDER BY id""";
    static final String COUNT_MATCHING = """
            SELECT COUNT(*) FROM run_items WHERE run_id = :runId AND search_text LIKE :pattern ESCAPE '!'""";
    /** review=true: a range of run_items_to_review (V8.sql); the run's review_items counts them. */
    static final String ITEMS_TO_REVIEW = "SELECT " + RunDao.ITEM_COLUMNS + """
             FROM run_items
            WHERE run_id = :runId AND needs_review = TRUE
            ORDER BY id LIMIT :limit OFFSET :offset""";
    /** review=true with a q: the items to review (a few) whose names match. */
    static final String ITEMS_MATCHING_TO_REVIEW = "SELECT " + RunDao.ITEM_COLUMNS + """
             FROM run_items
            WHERE run_id = :runId AND needs_review = TRUE AND search_text LIKE :pattern ESCAPE '!'
            ORDER BY id LIMIT :limit OFFSET :offset""";
    static final String COUNT_MATCHING_TO_REVIEW = """
            SELECT COUNT(*) FROM run_items
             WHERE run_id = :runId AND needs_review = TRUE AND search_text LIKE :pattern ESCAPE '!'""";

    private RunQueries() {
    }

    static List<RunRow> listRuns(Handle handle, RunFilter filter, PageRequest page) {
        if (unfiltered(filter)) {
            return newestByNumber(handle, filter.workspaceId(), page);
        }
        // Filtered lists sort their matches: O(runs of that status or workflow), not O(all runs).
        Query query = handle.createQuery("SELECT " + RunDao.RUN_COLUMNS + " FROM runs WHERE " + where(filter)
                + " ORDER BY workspace_seq DESC LIMIT :limit OFFSET :offset");
        bind(query, filter);
        return query.bind("limit", page.pageSize()).bind("offset", page.offset())
                .map(new RunRow.Mapper()).list();
    }

    /**
     * The workspace's runs are numbered 1 to its run count in createdAt-then-id order ({@link RunNumbers}), so
     * newest first, page N holds the numbers from {@code count - offset} down: one range of the index.
     */
    private static List<RunRow> newestByNumber(Handle handle, long workspaceId, PageRequest page) {
        long top = handle.attach(RunNumbers.class).runCount(workspaceId) - page.offset();
        if (top < 1) {
            return List.of();
        }
        long bottom = Math.max(1, top - page.pageSize() + 1);
        return handle.createQuery("SELECT " + RunDao.RUN_COLUMNS + """
                         FROM runs
                        WHERE workspace_id = :workspaceId AND workspace_seq BETWEEN :bottom AND :top
                        ORDER BY workspace_seq DESC""")
                .bind("workspaceId", workspaceId).bind("bottom", bottom).bind("top", top)
                .map(new RunRow.Mapper()).list();
    }

    static long countRuns(Handle handle, RunFilter filter) {
        if (unfiltered(filter)) {
            return handle.attach(RunNumbers.class).runCount(filter.workspaceId());
        }
        Query query = handle.createQuery("SELECT COUNT(*) FROM runs WHERE " + where(filter));
        bind(query, filter);
        return query.mapTo(Long.class).one();
    }

    /** What a page of the get-a-run response shows, in the order read. */
    record PageRows(RunRow run, List<ItemRow> items, long total, Map<Long, List<OutputRow>> outputs) {
    }

    /**
     * The run (empty if it is not the workspace's), one page of its items and their outputs. Fluent statements
     * with hand-written mappers: every poll of a running run comes here, and a SqlObject's attach alone cost a
     * tenth of the request.
     */
    static Optional<PageRows> page(Handle handle, long workspaceId, long runId, ItemFilter filter, PageRequest page) {
        Optional<RunRow> run = handle.createQuery(RunDao.FIND_RUN)
                .bind("id", runId).bind("workspaceId", workspaceId).map(new RunRow.Mapper()).findOne();
        if (run.isEmpty()) {
            return Optional.empty();
        }
        List<ItemRow> items = items(handle, runId, filter, page);
        long total = filter.q() != null ? countItems(handle, runId, filter)
                : filter.review() ? run.get().reviewItems() : run.get().totalItems();
        Map<Long, List<OutputRow>> outputs = items.isEmpty() ? Map.of() : handle.createQuery(RunDao.OUTPUTS_OF_ITEMS)
                .bindList("itemIds", items.stream().map(ItemRow::id).toList())
                .map(new OutputRow.Mapper()).list().stream()
                .collect(Collectors.groupingBy(OutputRow::itemId));
        return Optional.of(new PageRows(run.get(), items, total, outputs));
    }

    static List<ItemRow> items(Handle handle, long runId, ItemFilter filter, PageRequest page) {
        if (filter.none()) {
            // Positions run 0, 1, 2, … in id order (RunService.insertItems, IngestTransitions.publish): a page is a range.
            return handle.createQuery("SELECT " + RunDao.ITEM_COLUMNS + """
                             FROM run_items
                            WHERE run_id = :runId AND position >= :from AND position < :to
                            ORDER BY position""")
                    .bind("runId", runId).bind("from", page.offset()).bind("to", page.offset() + page.pageSize())
                    .map(new ItemRow.Mapper()).list();
        }
        Query query = handle.createQuery(filter.q() == null ? ITEMS_TO_REVIEW
                : filter.review() ? ITEMS_MATCHING_TO_REVIEW : ITEMS_MATCHING).bind("runId", runId);
        if (filter.q() != null) {
            query.bind("pattern", containsPattern(filter.q()));
        }
        return query.bind("limit", page.pageSize()).bind("offset", page.offset()).map(new ItemRow.Mapper()).list();
    }

    /** Only with a q; without one the run's total_items (or review_items) is the count. */
    static long countItems(Handle handle, long runId, ItemFilter filter) {
        return handle.createQuery(filter.review() ? COUNT_MATCHING_TO_REVIEW : COUNT_MATCHING)
                .bind("runId", runId).bind("pattern", containsPattern(filter.q())).mapTo(Long.class).one();
    }

    /** {@code %q%}, lower-cased like the stored search text, with LIKE's own characters taken literally. */
    static String containsPattern(String q) {
        String escaped = q.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        return "%" + escaped + "%";
    }

    private static boolean unfiltered(RunFilter filter) {
        return filter.status() == null && filter.workflowId() == null && filter.paused() == null
                && filter.priority() == null;
    }

    private static String where(RunFilter filter) {
        return "workspace_id = :workspaceId"
                + (filter.status() == null ? "" : " AND status = :status")
                + (filter.workflowId() == null ? "" : " AND workflow_id = :workflowId")
                + (filter.paused() == null ? "" : filter.paused() ? " AND paused_at IS NOT NULL" : " AND paused_at IS NULL")
                + (filter.priority() == null ? "" : " AND priority = :priority");
    }

    private static void bind(Query query, RunFilter filter) {
        query.bind("workspaceId", filter.workspaceId());
        if (filter.status() != null) {
            query.bind("status", filter.status().json());
        }
        if (filter.workflowId() != null) {
            query.bind("workflowId", filter.workflowId());
        }
        if (filter.priority() != null) {
            query.bind("priority", filter.priority().rank());
        }
    }
}
