package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.Json;
import dev.flowrun.support.TestDatabase;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowDao;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;

/**
 * Workspaces made before the "Product shot with shadow" template get it with the upgrade (V38.sql), exactly as a new
 * workspace gets it, after their own workflows; one that already holds a template of that name is left alone.
 */
class ProductShotWithShadowMigrationTest {
    private static final String NAME = "Product shot with shadow";

    @Test
    void workspacesMadeBeforeGetTheTemplateAsNewOnesDo() {
        try (TestDatabase db = TestDatabase.fresh("v38")) {
            Jdbi jdbi = Jdbi.create(db.url()).installPlugin(new SqlObjectPlugin());
            jdbi.useHandle(handle -> {
                handle.execute("""
                        CREATE TABLE schema_version (version INT PRIMARY KEY, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)""");
                for (int version = 1; version < 38; version++) {
                    if (RunNumberingMigrationTest.class.getClassLoader()
                            .getResource("db/migration/V" + version + ".sql") == null) {
                        continue;
                    }
                    Migrations.statements(RunNumberingMigrationTest.script(version)).forEach(handle::execute);
                    handle.execute("INSERT INTO schema_version VALUES (" + version + ", CURRENT_TIMESTAMP)");
                }
                handle.execute("""
                        INSERT INTO workspaces (id, name, created_at)
                        VALUES (1, 'old', CURRENT_TIMESTAMP), (2, 'has one', CURRENT_TIMESTAMP)""");
                insert(handle, 1, "Mine", false, 7, "{}");
                insert(handle, 2, NAME, true, 2, "{\"edited\":true}");
            });

            new Migrations(jdbi, Dialect.of(db.url())).apply();

            jdbi.useHandle(handle -> {
                handle.execute("INSERT INTO workspaces (id, name, created_at) VALUES (3, 'new', CURRENT_TIMESTAMP)");
                new Templates(Json.mapper()).addTo(handle.attach(WorkflowDao.class), 3, Instant.now());
            });
            List<String> fresh = template(jdbi, 3);
            assertThat(fresh.get(0)).contains("\"type\":\"shadow\"", "\"type\":\"contact\"", "\"margin\":\"5%\"");
            assertThat(template(jdbi, 1)).as("added as a new workspace gets it").isEqualTo(fresh);
            int order = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT sort_order FROM workflows WHERE workspace_id = 1 AND name = :n").bind("n", NAME)
                    .mapTo(Integer.class).one());
            assertThat(order).as("after the workspace's own workflows").isEqualTo(8);
            assertThat(template(jdbi, 2)).as("the one already there is kept, not doubled (one row)")
                    .containsExactly("{\"edited\":true}", "d");
        }
    }

    private static void insert(org.jdbi.v3.core.Handle handle, long workspace, String name, boolean template,
                               int order, String graph) {
        handle.createUpdate("""
                        INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                               created_by_user_id, graph, created_at, updated_at)
                        VALUES (:workspace, :name, 'd', :template, FALSE, :order, 0, :graph, CURRENT_TIMESTAMP,
                                CURRENT_TIMESTAMP)""")
                .bind("workspace", workspace).bind("name", name).bind("template", template).bind("order", order)
                .bind("graph", graph).execute();
    }

    /** The template's graph and description in a workspace. */
    private static List<String> template(Jdbi jdbi, long workspace) {
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT graph, description FROM workflows WHERE workspace_id = :w AND name = :n")
                .bind("w", workspace).bind("n", NAME)
                .map((rs, ctx) -> List.of(rs.getString(1), rs.getString(2))).one());
    }
}
