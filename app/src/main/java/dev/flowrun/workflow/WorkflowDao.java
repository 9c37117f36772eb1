package dev.flowrun.workflow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterConstructorMapper(WorkflowRow.class)
public interface WorkflowDao {
    String COLUMNS = """
            id, workspace_id, name, description, is_template, is_snapshot, sort_order, created_by_user_id,
            graph, created_at, updated_at""";

    @SqlQuery("SELECT " + COLUMNS + " FROM workflows"
            + " WHERE workspace_id = :workspaceId AND deleted_at IS NULL ORDER BY sort_order, id")
    List<WorkflowRow> list(@Bind("workspaceId") long workspaceId);

    @SqlQuery("SELECT " + COLUMNS + " FROM workflows"
            + " WHERE id = :id AND workspace_id = :workspaceId AND deleted_at IS NULL")
    Optional<WorkflowRow> find(@Bind("workspaceId") long workspaceId, @Bind("id") long id);

    @SqlQuery("SELECT COALESCE(MAX(sort_order), -1) + 1 FROM workflows WHERE workspace_id = :workspaceId")
    int nextSortOrder(@Bind("workspaceId") long workspaceId);

    @SqlUpdate("""
            INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                   created_by_user_id, graph, created_at, updated_at)
            VALUES (:workspaceId, :name, :description, :isTemplate, :isSnapshot, :sortOrder,
                    :createdByUserId, :graph, :createdAt, :updatedAt)""")
    @GetGeneratedKeys("id")
    long insert(@BindMethods WorkflowRow row);

    @SqlUpdate("""
            UPDATE workflows SET name = :name, description = :description, graph = :graph, updated_at = :updatedAt
            WHERE id = :id AND workspace_id = :workspaceId AND deleted_at IS NULL""")
    int update(@BindMethods WorkflowRow row);

    /** Soft delete: runs keep pointing at the workflow they ran. */
    @SqlUpdate("""
            UPDATE workflows SET deleted_at = :now
            WHERE id = :id AND workspace_id = :workspaceId AND deleted_at IS NULL""")
    int delete(@Bind("workspaceId") long workspaceId, @Bind("id") long id, @Bind("now") Instant now);
}
