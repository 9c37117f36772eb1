package dev.flowrun.upload;

import java.time.Instant;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Files kept by {@code POST /uploads} (V6.sql). */
interface UploadDao {

    /** The key is known once the id is: it is set right after, in the same transaction. */
    @SqlUpdate("""
            INSERT INTO uploads (workspace_id, file_key, name, size_bytes, created_at)
            VALUES (:workspaceId, '', :name, :size, :now)""")
    @GetGeneratedKeys("id")
    long insert(@Bind("workspaceId") long workspaceId, @Bind("name") String name, @Bind("size") long size,
                @Bind("now") Instant now);

    @SqlUpdate("UPDATE uploads SET file_key = :key WHERE id = :id")
    int setKey(@Bind("id") long id, @Bind("key") String key);
}
