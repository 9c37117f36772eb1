package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.Json;
import dev.flowrun.support.TestDatabase;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowDao;
import java.time.Instant;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;

/**
 * A workspace made before pad had margin, scale and position gets the new "Product shot" template with the upgrade
 * (V9.sql), exactly as a new workspace gets it; one whose template was edited keeps the edit.
 */
class ProductShotUpgradeTest {
    /** The template as flowrun wrote it before (its graph text, byte for byte). */
    static final String WRITTEN_BEFORE = """
            {"nodes":[{"id":"node_1","type":"imageInput","position":{"x":0,"y":0},"data":{}},\
            {"id":"node_2","type":"removeBackground","position":{"x":250,"y":0},"data":{}},\
            {"id":"node_3","type":"trim","position":{"x":500,"y":0},"data":{}},\
            {"id":"node_4","type":"pad","position":{"x":750,"y":0},"data":{"width":1024,"height":1024,"background":"#FFFFFF"}},\
            {"id":"node_5","type":"output","position":{"x":1000,"y":0},"data":{"format":"jpeg"}}],\
            "edges":[{"id":"edge_1","source":"node_1","target":"node_2"},{"id":"edge_2","source":"node_2","target":"node_3"},\
            {"id":"edge_3","source":"node_3","target":"node_4"},{"id":"edge_4","source":"node_4","target":"node_5"}]}""";

    @Test
    void theUntouchedTemplateBecomesTheNewOneAndAnEditedOneStays() {
        try (TestDatabase db = TestDatabase.fresh("v9")) {
            Jdbi jdbi = Jdbi.create(db.url()).installPlugin(new SqlObjectPlugin());
            jdbi.useHandle(handle -> {
                handle.execute("""
                        CREATE TABLE schema_version (version INT PRIMARY KEY, applied_at TIMESTAMP WITH TIME ZONE NOT NULL)""");
                for (int version = 1; version <= 8; version++) {
                    Migrations.statements(RunNumberingMigrationTest.script(version)).forEach(handle::execute);
                    handle.execute("INSERT INTO schema_version VALUES (" + version + ", CURRENT_TIMESTAMP)");
                }
                handle.execute("""
                        INSERT INTO workspaces (id, name, created_at)
                        VALUES (1, 'old', CURRENT_TIMESTAMP), (2, 'edited', CURRENT_TIMESTAMP), (3, 'new', CURRENT_TIMESTAMP)""");
                insertTemplate(handle, 1, WRITTEN_BEFORE);
                insertTemplate(handle, 2, WRITTEN_BEFORE.replace("#FFFFFF", "#000000"));
            });

            new Migrations(jdbi, Dialect.of(db.url())).apply();

            jdbi.useHandle(handle -> new Templates(Json.mapper()).addTo(handle.attach(WorkflowDao.class), 3,
                    Instant.now()));
            String fresh = graph(jdbi, 3);
            assertThat(fresh).contains("\"margin\":\"5%\"", "\"scale\":\"fit\"", "\"position\":\"auto\"");
            assertThat(graph(jdbi, 1)).as("upgraded as a new workspace gets it").isEqualTo(fresh);
            String upgraded = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT description FROM workflows WHERE workspace_id = 1 AND name = 'Product shot'").mapTo(String.class).one());
            String written = jdbi.withHandle(handle -> handle.createQuery(
                    "SELECT description FROM workflows WHERE workspace_id = 3 AND name = 'Product shot'")
                    .mapTo(String.class).one());
            assertThat(upgraded).isEqualTo(written);
            assertThat(graph(jdbi, 2)).as("the user's edit is kept").contains("#000000").doesNotContain("margin");
        }
    }

    private static void insertTemplate(org.jdbi.v3.core.Handle handle, long workspace, String graph) {
        handle.createUpdate("""
                        INSERT INTO workflows (workspace_id, name, description, is_template, is_snapshot, sort_order,
                                               created_by_user_id, graph, created_at, updated_at)
                        VALUES (:workspace, 'Product shot', 'Removes the background, trims to the subject and centres it on a white 1024×1024 JPEG.',
                                TRUE, FALSE, 1, 0, :graph, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)""")
                .bind("workspace", workspace).bind("graph", graph).execute();
    }

    private static String graph(Jdbi jdbi, long workspace) {
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT graph FROM workflows WHERE workspace_id = :w AND name = 'Product shot'")
                .bind("w", workspace).mapTo(String.class).one());
    }
}
