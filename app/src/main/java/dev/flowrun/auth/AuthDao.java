package dev.flowrun.auth;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.GetGeneratedKeys;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

@RegisterConstructorMapper(Workspace.class)
public interface AuthDao {

    @SqlUpdate("INSERT INTO workspaces (name, created_at) VALUES (:name, :createdAt)")
    @GetGeneratedKeys("id")
    long insertWorkspace(@Bind("name") String name, @Bind("createdAt") Instant createdAt);

    @SqlQuery("SELECT id, name, created_at FROM workspaces WHERE id = :id")
    Optional<Workspace> findWorkspace(@Bind("id") long id);

    @SqlQuery("SELECT id, name, created_at FROM workspaces WHERE name = :name")
    Optional<Workspace> findWorkspaceByName(@Bind("name") String name);

    @SqlQuery("SELECT COUNT(*) FROM workspaces")
    long countWorkspaces();

    @SqlUpdate("""
            INSERT INTO api_keys (workspace_id, prefix, key_hash, created_at)
            VALUES (:workspaceId, :prefix, :keyHash, :createdAt)""")
    @GetGeneratedKeys("id")
    long insertKey(@Bind("workspaceId") long workspaceId, @Bind("prefix") String prefix,
                   @Bind("keyHash") String keyHash, @Bind("createdAt") Instant createdAt);

    @SqlQuery("SELECT COUNT(*) FROM api_keys WHERE key_hash = :keyHash")
    long countKeysWithHash(@Bind("keyHash") String keyHash);

    @SqlUpdate("UPDATE api_keys SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL")
    int revokeKey(@Bind("id") long id, @Bind("now") Instant now);

    @SqlQuery("SELECT COUNT(*) FROM api_keys WHERE id = :id")
    long countKeys(@Bind("id") long id);
}
