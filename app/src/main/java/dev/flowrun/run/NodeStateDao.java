package dev.flowrun.run;

import java.time.Instant;
import java.util.List;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The per-node record of one item's execution. */
public interface NodeStateDao {

    @SqlUpdate("DELETE FROM node_states WHERE item_id = :itemId")
    void clear(@Bind("itemId") long itemId);

    @SqlBatch("""
            INSERT INTO node_states (item_id, node_id, status, file_keys)
            VALUES (:itemId, :nodeId, 'pending', '[]')""")
    void insertPending(@Bind("itemId") long itemId, @Bind("nodeId") List<String> nodeIds);

    @SqlUpdate("""
            UPDATE node_states SET status = 'running', started_at = :now
            WHERE item_id = :itemId AND node_id = :nodeId""")
    void start(@Bind("itemId") long itemId, @Bind("nodeId") String nodeId, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE node_states SET status = :status, file_keys = :fileKeys, finished_at = :now
            WHERE item_id = :itemId AND node_id = :nodeId""")
    void finish(@Bind("itemId") long itemId, @Bind("nodeId") String nodeId, @Bind("status") String status,
                @Bind("fileKeys") String fileKeys, @Bind("now") Instant now);

    @SqlUpdate("""
            UPDATE node_states SET status = 'skipped'
            WHERE item_id = :itemId AND node_id = :nodeId AND status = 'pending'""")
    void skip(@Bind("itemId") long itemId, @Bind("nodeId") String nodeId);

    /** Results of an item whose run was cancelled are discarded: its output files no longer exist. */
    @SqlUpdate("UPDATE node_states SET file_keys = '[]' WHERE item_id = :itemId AND node_id IN (<nodeIds>)")
    void forgetFiles(@Bind("itemId") long itemId,
                     @org.jdbi.v3.sqlobject.customizer.BindList("nodeIds") List<String> nodeIds);
}
