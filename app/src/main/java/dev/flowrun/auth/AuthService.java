package dev.flowrun.auth;

import dev.flowrun.db.UniqueViolation;
import dev.flowrun.error.NotFound;
import dev.flowrun.error.Unauthorized;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.WorkflowDao;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Workspaces and their API keys: authenticating calls, first-start bootstrap, and the admin operations. */
public final class AuthService {
    private static final Logger LOG = LoggerFactory.getLogger(AuthService.class);
    public static final String DEFAULT_WORKSPACE = "default";
    /** One race lost per row a first start inserts (the workspace, the configured key), and a spare. */
    private static final int BOOTSTRAP_ATTEMPTS = 3;
    private final Jdbi jdbi;
    private final Templates templates;
    private final Clock clock;

    public AuthService(Jdbi jdbi, Templates templates, Clock clock) {
        this.jdbi = jdbi;
        this.templates = templates;
        this.clock = clock;
    }

    /** The caller behind an Authorization header: {@code Bearer <key>} or the bare key. */
    public Caller authenticate(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            throw new Unauthorized("an API key is required in the Authorization header");
        }
        String key = authorization.strip();
        if (key.regionMatches(true, 0, "Bearer ", 0, 7)) {
            key = key.substring(7).strip();
        }
        String hash = ApiKeys.hash(key);
        // Every request asks this, so it is a plain query and row mapper: through a SqlObject and its
        // ConstructorMapper the lookup cost five times the rest of serving a cached page.
        return jdbi.withHandle(handle -> handle.createQuery(
                        "SELECT workspace_id, id FROM api_keys WHERE key_hash = :keyHash AND revoked_at IS NULL")
                .bind("keyHash", hash)
                .map((rs, ctx) -> new Caller(rs.getLong(1), rs.getLong(2)))
                .findOne())
                .orElseThrow(() -> new Unauthorized("the API key is unknown or revoked"));
    }

    /**
     * Start-up: with {@code configuredKey}, registers it for the workspace {@code default} (idempotently);
     * without it, on an empty database, creates {@code default} with a fresh key and returns that key.
     * {@code showNewKey} gets the fresh key before the transaction commits, so a key that is stored has always
     * been shown: a start killed in between leaves an empty database, and the next start makes and shows another.
     * Instances starting together on one empty database race to insert {@code default}: the loser's insert fails
     * once the winner commits (a unique violation), and it begins again, now finding the winner's rows.
     */
    public Optional<String> bootstrap(String configuredKey, Consumer<String> showNewKey) {
        for (int attempt = 1; ; attempt++) {
            try {
                return jdbi.inTransaction(handle -> bootstrapIn(handle, configuredKey, showNewKey));
            } catch (RuntimeException e) {
                if (!UniqueViolation.in(e) || attempt == BOOTSTRAP_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private Optional<String> bootstrapIn(Handle handle, String configuredKey, Consumer<String> showNewKey) {
        AuthDao dao = handle.attach(AuthDao.class);
        if (configuredKey != null) {
            long workspaceId = dao.findWorkspaceByName(DEFAULT_WORKSPACE).map(Workspace::id)
                    .orElseGet(() -> insertWorkspace(handle, DEFAULT_WORKSPACE));
            if (dao.countKeysWithHash(ApiKeys.hash(configuredKey)) == 0) {
                dao.insertKey(workspaceId, ApiKeys.prefix(configuredKey), ApiKeys.hash(configuredKey), now());
            }
            return Optional.empty();
        }
        if (dao.countWorkspaces() > 0) {
            return Optional.empty();
        }
        long workspaceId = insertWorkspace(handle, DEFAULT_WORKSPACE);
        String key = issueKey(dao, workspaceId).key();
        showNewKey.accept(key);
        return Optional.of(key);
    }

    /** The same, for callers that print nothing (tools and benchmarks that seed a store). */
    public Optional<String> bootstrap(String configuredKey) {
        return bootstrap(configuredKey, key -> { });
    }

    /** The workspace {@code default} (made at the first start), whose runs the command line makes on this machine. */
    public Optional<Workspace> defaultWorkspace() {
        return jdbi.withExtension(AuthDao.class, dao -> dao.findWorkspaceByName(DEFAULT_WORKSPACE));
    }

    /** Empty when the name is taken, also when another request (or instance) took it a moment before. */
    public Optional<Workspace> createWorkspace(String name) {
        Workspace created;
        try {
            created = jdbi.inTransaction(handle -> {
                long id = insertWorkspace(handle, name);
                return handle.attach(AuthDao.class).findWorkspace(id).orElseThrow();
            });
        } catch (JdbiException e) {
            if (UniqueViolation.in(e)) {
                return Optional.empty();
            }
            throw e;
        }
        LOG.info("admin: created workspace {} '{}'", created.id(), created.name());
        return Optional.of(created);
    }

    public IssuedKey createKey(long workspaceId) {
        IssuedKey issued = jdbi.inTransaction(handle -> {
            AuthDao dao = handle.attach(AuthDao.class);
            dao.findWorkspace(workspaceId).orElseThrow(() -> new NotFound("workspace " + workspaceId + " not found"));
            return issueKey(dao, workspaceId);
        });
        // The prefix only: the key itself is shown once, to whoever asked for it, and never logged.
        LOG.info("admin: issued key {} (prefix {}) for workspace {}", issued.id(), issued.prefix(), workspaceId);
        return issued;
    }

    /** Revokes a key; it stops working with the next request. Revoking twice is harmless. */
    public void revokeKey(long keyId) {
        jdbi.useTransaction(handle -> {
            AuthDao dao = handle.attach(AuthDao.class);
            if (dao.countKeys(keyId) == 0) {
                throw new NotFound("key " + keyId + " not found");
            }
            dao.revokeKey(keyId, now());
        });
        LOG.info("admin: revoked key {}", keyId);
    }


    private long insertWorkspace(Handle handle, String name) {
        Instant now = now();
        long id = handle.attach(AuthDao.class).insertWorkspace(name, now);
        templates.addTo(handle.attach(WorkflowDao.class), id, now);
        return id;
    }

    private IssuedKey issueKey(AuthDao dao, long workspaceId) {
        String key = ApiKeys.generate();
        Instant now = now();
        long id = dao.insertKey(workspaceId, ApiKeys.prefix(key), ApiKeys.hash(key), now);
        return new IssuedKey(id, workspaceId, key, ApiKeys.prefix(key), now);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
