package dev.flowrun.run;

import dev.flowrun.lifecycle.ItemInput;
import dev.flowrun.lifecycle.ItemQueue;
import dev.flowrun.lifecycle.RunRow;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.NotFound;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.QuietDeletes;
import dev.flowrun.lifecycle.NewItems;
import dev.flowrun.lifecycle.RunTransitions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;

/**
 * {@code POST /workflows/runs/{runId}/retry} : a new run of the original's own graph over the
 * inputs of its failed and cancelled items only, {@code retryOf} naming the original, which does not change. An input
 * already stored (downloaded, uploaded or extracted from a zip) is linked into the new run rather than fetched
 * again; only one that never arrived is downloaded from its URL.
 */
public final class RunRetries {
    private static final int MAX_NAME = 300;
    private final RunContext context;
    private final ItemQueue queue;

    public RunRetries(RunContext context, ItemQueue queue) {
        this.context = context;
        this.queue = queue;
    }

    public RunView retry(long workspaceId, long runId) {
        Jdbi jdbi = context.jdbi();
        RunViews views = context.views();
        RunRow original = jdbi.withExtension(RunDao.class, dao -> dao.findRun(workspaceId, runId))
                .orElseThrow(() -> new NotFound("run " + runId + " not found"));
        if (!original.status().terminal()) {
            throw new InvalidRequest("runId", "run " + runId + " is " + original.status().json() + "; only a finished run"
                    + " (completed, partial, failed or cancelled) can be retried");
        }
        if (original.filesDeletedAt() != null) {
            throw new InvalidRequest("runId", "the files of run " + runId + " were deleted (FLOWRUN_OUTPUT_RETENTION),"
                    + " so it cannot be retried; start a new run");
        }
        List<ItemRow> items = jdbi.withExtension(RunDao.class, dao -> dao.itemsToRetry(runId));
        if (items.isEmpty()) {
            throw new InvalidRequest("runId", "run " + runId + " has no failed or cancelled item to retry");
        }
        Instant now = context.clock().instant().truncatedTo(ChronoUnit.MILLIS);
        String name = "Retry of " + original.name();
        long[] newId = {0};
        RunRow created;
        try {
            created = jdbi.inTransaction(handle -> {
                RunDao dao = handle.attach(RunDao.class);
                long id = RunTransitions.create(handle, new RunTransitions.NewRun(workspaceId, original.workflowId(),
                        name.length() <= MAX_NAME ? name : name.substring(0, MAX_NAME), dao.graphOf(runId), null,
                        original.zipLayout(), original.webhookUrl(), items.size(), false, "api", original.priority()),
                        now);
                newId[0] = id;
                RunTransitions.markRetryOf(handle, id, runId);
                try (NewItems rows = new NewItems(handle, id, original.priority())) {
                    for (int i = 0; i < items.size(); i++) {
                        Map<String, ItemInput> inputs = new LinkedHashMap<>();
                        List<String> names = new ArrayList<>(2);
                        for (Map.Entry<String, ItemInput> input : views.inputs(items.get(i)).entrySet()) {
                            String key = FileLayout.input(id, i, input.getKey(), input.getValue().fileName());
                            inputs.put(input.getKey(), reuse(input.getValue(), key));
                            names.add(input.getValue().fileName());
                        }
                        rows.add(i, views.inputsJson(inputs), NewItems.searchText(names));
                    }
                }
                queue.itemsQueued(handle);
                handle.attach(RunNumbers.class).number(workspaceId, id, now);
                return dao.findRun(id).orElseThrow();
            });
        } catch (RuntimeException e) {
            if (newId[0] != 0) {
                QuietDeletes.tree(context.store(), FileLayout.runFolder(newId[0]), "run " + newId[0]);
            }
            throw e;
        }
        return views.run(created);
    }

    /** The stored copy when there is one, linked (no second download); otherwise the URL, fetched when it runs. */
    private ItemInput reuse(ItemInput input, String key) {
        FileStore store = context.store();
        if (!store.exists(input.key())) {
            return new ItemInput(key, input.fileName(), input.sourceUrl());
        }
        try {
            store.link(input.key(), key);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot link " + input.key() + " into a retry", e);
        }
        return new ItemInput(key, input.fileName(), null);
    }
}
