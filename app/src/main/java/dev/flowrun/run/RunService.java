package dev.flowrun.run;

import dev.flowrun.lifecycle.OutputFile;
import dev.flowrun.lifecycle.ItemInput;
import dev.flowrun.lifecycle.RunRow;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.NotFound;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.QuietDeletes;
import dev.flowrun.files.SignedJsonTemplate;
import dev.flowrun.files.SignedUrl;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.lifecycle.IngestTransitions;
import dev.flowrun.lifecycle.NewItems;
import dev.flowrun.lifecycle.Priority;
import dev.flowrun.lifecycle.RunPause;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.lifecycle.RunTransitions;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.WorkflowService;
import dev.flowrun.workflow.WorkflowService.StoredWorkflow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** Creating, reading, listing and cancelling runs. */
public final class RunService {
    private final RunContext context;
    private final WorkflowService workflows;
    private final RunRequests requests = new RunRequests();
    private final RunQueues queues;
    private final RunSignals signals;
    private final RunPageCache pages;
    private final RunLog log;
    private final OwnFiles ownFiles;
    private final Duration retention;

    /** {@code signals}: told of every cancel, pause and resume, in its transaction ({@link RunSignals}). */
    public RunService(RunContext context, WorkflowService workflows, RunQueues queues, RunSignals signals, RunLog log,
                      RunSettings settings) {
        this.context = context;
        this.workflows = workflows;
        this.queues = queues;
        this.signals = signals;
        this.ownFiles = new OwnFiles(context.signer(), context.store());
        this.retention = settings.retention();
        // 16 MiB by default: some 200 pages of 25 items with their outputs.
        this.pages = new RunPageCache((long) settings.pageCacheMb() << 20);
        this.log = log;
    }

    /**
     * A create request checked against the workflow it starts; {@code ownFiles}: the store key of each of its URLs
     * that is a file of this service ({@link OwnFiles}).
     */
    public record CheckedRun(StoredWorkflow workflow, RunRequest request, Map<String, String> ownFiles) {
    }

    /**
     * Checks a create request. Apart from {@link #create} so that the request's JSON is unreachable while the run is
     * stored: for 10,000 files it is some 4 MB, which, held through the insert, young collections promoted to the
     * old generation (bench/run memory).
     */
    public CheckedRun check(long workspaceId, long workflowId, JsonNode body) {
        return check(workspaceId, workflowId, CreateBody.json(body));
    }

    /** The workflow first (404), then the body as JSON against its graph: the same order for JSON and forms. */
    public CheckedRun check(long workspaceId, long workflowId, CreateBody body) {
        StoredWorkflow workflow = workflows.load(workspaceId, workflowId);
        RunRequest request;
        try {
            request = requests.parse(body.json(workflow.graph()), workflow.graph());
        } catch (InvalidRequest refusal) {
            throw body.explain(refusal);
        }
        return new CheckedRun(workflow, request, ownFiles.resolve(request));
    }

    public RunView create(long workspaceId, CheckedRun checked) {
        return create(workspaceId, checked, null);
    }

    /** A run started by the command line on this machine: recorded like any, its trigger {@code cli}. */
    public RunView createFromCommandLine(long workspaceId, CheckedRun checked) {
        return create(workspaceId, checked, null, "cli");
    }

    RunView create(long workspaceId, CheckedRun checked, IdempotencyClaim claim) {
        return create(workspaceId, checked, claim, "api");
    }

    /** With a {@code claim}, the key is taken in the run's own transaction: a second run with it cannot commit. */
    private RunView create(long workspaceId, CheckedRun checked, IdempotencyClaim claim, String trigger) {
        StoredWorkflow workflow = checked.workflow();
        RunRequest request = checked.request();
        boolean zip = request.zipUrl() != null;
        Instant now = now();
        String graphJson = workflow.graph().toJsonText(context.mapper());
        RequestedItems items = request.items();
        long[] runId = {0};
        // The answer is the run as created: read before any worker can see it, so it is always "queued".
        RunRow created;
        try {
            created = context.jdbi().inTransaction(handle -> {
                RunDao dao = handle.attach(RunDao.class);
                long id = RunTransitions.create(handle, new RunTransitions.NewRun(workspaceId, workflow.id(),
                        runName(workflow.name(), now), graphJson, request.zipUrl(), request.zipLayout().json(),
                        request.webhookUrl(), items.count(), zip, trigger, request.priority()), now);
                runId[0] = id;
                if (claim != null) {
                    // Before the items: a request that loses the key waits here, having done nothing costly.
                    IdempotencyDao keys = handle.attach(IdempotencyDao.class);
                    keys.forgetExpired(workspaceId, claim.key(), claim.since());
                    keys.insert(workspaceId, claim.key(), claim.workflowId(), claim.requestHash(), id, now);
                }
                insertItems(handle, id, request.priority(), items, checked.ownFiles());
                if (zip) {
                    // Read in the background; totalItems stays 0 until the whole archive has been read (docs/zip-runs.md).
                    queues.zips().claim(handle, id);
                } else {
                    queues.items().itemsQueued(handle);
                }
                String zipKey = zip ? checked.ownFiles().get(request.zipUrl()) : null;
                if (zipKey != null) {
                    handle.attach(IngestTransitions.class).setZipKey(id, linkInto(zipKey, FileLayout.uploadedArchive(id)));
                }
                // Last, so the workspace row stays locked only until this commit (the list pages by this number).
                handle.attach(RunNumbers.class).number(workspaceId, id, now);
                return dao.findRun(id).orElseThrow();
            });
        } catch (RuntimeException e) {
            if (runId[0] != 0 && !checked.ownFiles().isEmpty()) {
                QuietDeletes.tree(context.store(), FileLayout.runFolder(runId[0]), "run " + runId[0]);
            }
            throw e;
        }
        log.created(created, workflow.name(), zip);
        return context.views().run(created);
    }

    /**
     * The get-a-run response as JSON. A page that can no longer change is rendered once and then only re-signed
     * ({@link RunPageCache}); others are read and rendered each time.
     */
    public byte[] get(long workspaceId, long runId, PageRequest page, ItemFilter filter) {
        RunPageCache.Key key = new RunPageCache.Key(runId, page.page(), page.pageSize(), filter.q(), filter.review());
        SignedJsonTemplate cached = pages.get(workspaceId, key, context.clock().instant());
        if (cached != null) {
            return cached.render(context.signer());
        }
        // Plain statements, no transaction: under READ COMMITTED each would see the latest commits either way, and
        // the run is read first, so items are never older than the run status they are judged final by.
        RunQueries.PageRows rows = context.jdbi()
                .withHandle(handle -> RunQueries.page(handle, workspaceId, runId, filter, page))
                .orElseThrow(() -> runNotFound(runId));
        SignedJsonTemplate.Holes holes = SignedJsonTemplate.holes();
        RunViews views = context.views();
        List<ItemView> itemViews = rows.items().stream()
                .map(item -> views.item(item, rows.outputs().getOrDefault(item.id(), List.of()), null, holes::url))
                .toList();
        RunPage read = new RunPage(views.run(rows.run(), holes::url), itemViews, rows.total(), page.page(),
                page.pageSize());
        SignedJsonTemplate template = holes.template(json(read));
        Instant until = cachedUntil(read.run());
        if (read.run().status().terminal() && read.items().stream().allMatch(item -> item.status().terminal())
                && until.isAfter(context.clock().instant())) {
            pages.put(workspaceId, key, template, until);
        }
        return template.render(context.signer());
    }

    public RunList list(RunFilter filter, PageRequest page) {
        return context.jdbi().inTransaction(handle -> new RunList(
                RunQueries.listRuns(handle, filter, page).stream().map(context.views()::run).toList(),
                RunQueries.countRuns(handle, filter), page.page(), page.pageSize()));
    }

    public ItemDetail item(long workspaceId, long runId, long itemId) {
        return context.jdbi().inTransaction(handle -> {
            RunDao dao = handle.attach(RunDao.class);
            RunRow run = dao.findRun(workspaceId, runId).orElseThrow(() -> runNotFound(runId));
            ItemRow item = dao.findItem(runId, itemId).orElseThrow(() ->
                    new NotFound("item " + itemId + " not found in run " + runId));
            Graph graph = workflows.parseStored(dao.graphOf(runId));
            RunViews views = context.views();
            RunViews.Links links = views.signedNow();
            var nodeStates = views.nodeStates(graph, dao.nodeStates(itemId), links);
            return new ItemDetail(views.run(run, links),
                    views.item(item, dao.outputsOfItems(List.of(itemId)), nodeStates, links));
        });
    }

    /**
     * {@code true} when this call paused the run: none of its items starts from then on, on any instance;
     * {@code false} when it was paused already or is terminal (contract, Runs: Pause).
     */
    public boolean pause(long workspaceId, long runId) {
        Instant now = now();
        return context.jdbi().inTransaction(handle -> {
            handle.attach(RunDao.class).findRun(workspaceId, runId).orElseThrow(() -> runNotFound(runId));
            return RunPause.pause(handle, workspaceId, runId, now, signals);
        });
    }

    /**
     * {@code true} when this call resumed the paused run; idle workers everywhere look for its items at commit (the
     * workers hear the run-signal).
     */
    public boolean resume(long workspaceId, long runId) {
        Instant now = now();
        return context.jdbi().inTransaction(handle -> {
            handle.attach(RunDao.class).findRun(workspaceId, runId).orElseThrow(() -> runNotFound(runId));
            return RunPause.resume(handle, workspaceId, runId, now, signals);
        });
    }

    /** {@code true} when this call made the run {@code cancelled}; {@code false} when it was already terminal. */
    public boolean cancel(long workspaceId, long runId) {
        Instant now = now();
        return context.jdbi().inTransaction(handle -> {
            RunDao dao = handle.attach(RunDao.class);
            dao.findRun(workspaceId, runId).orElseThrow(() -> runNotFound(runId));
            RunTransitions.Cancel cancel = RunTransitions.cancel(handle, workspaceId, runId, now, signals);
            if (!cancel.cancelled()) {
                return false;
            }
            handle.afterCommit(() -> log.cancelledQueued(cancel.queuedItems()));
            return true;
        });
    }

    public DownloadView download(long workspaceId, long runId) {
        RunRow run = findRun(workspaceId, runId);
        RunView view = context.views().run(run);
        List<OutputFile> outputs = context.jdbi().withExtension(RunDao.class, dao -> dao.outputFilesOfRun(runId));
        UrlSigner signer = context.signer();
        SignedUrl any = signer.sign(FileLayout.outputArchive(runId));
        List<DownloadView.File> files = new ArrayList<>(outputs.size());
        for (OutputFile output : outputs) {
            files.add(new DownloadView.File(output.itemId(), output.fileName(), signer.sign(output.fileKey()).url()));
        }
        return new DownloadView(view.outputArchiveUrl(), any.expiresAt(), files);
    }

    private RunRow findRun(long workspaceId, long runId) {
        return context.jdbi().withExtension(RunDao.class, dao -> dao.findRun(workspaceId, runId))
                .orElseThrow(() -> runNotFound(runId));
    }

    private void insertItems(Handle handle, long runId, Priority priority, RequestedItems items,
                             Map<String, String> ownFiles) {
        try (NewItems rows = new NewItems(handle, runId, priority)) {
            for (int i = 0; i < items.count(); i++) {
                Map<String, ItemInput> stored = new LinkedHashMap<>();
                List<String> names = new ArrayList<>(2);
                for (Map.Entry<String, FileRef> entry : items.item(i).entrySet()) {
                    FileRef file = entry.getValue();
                    String key = FileLayout.input(runId, i, entry.getKey(), file.name());
                    String own = ownFiles.get(file.url());
                    // A file of this service is in place before the item exists: nothing for the item to fetch.
                    stored.put(entry.getKey(), own == null ? new ItemInput(key, file.name(), file.url())
                            : new ItemInput(linkInto(own, key), file.name(), null));
                    names.add(file.name());
                }
                rows.add(i, context.views().inputsJson(stored), NewItems.searchText(names));
            }
        }
    }

    private String linkInto(String from, String to) {
        try {
            context.store().link(from, to);
            return to;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot link " + from + " to " + to, e);
        }
    }

    private byte[] json(RunPage page) {
        try {
            return context.mapper().writeValueAsBytes(page);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("records always serialise", e);
        }
    }

    /**
     * A final page stays the same until the retention may delete the run's files (its archive URL then goes), so
     * it is served from the cache only until then.
     */
    private Instant cachedUntil(RunView run) {
        if (retention == null) {
            return Instant.MAX;
        }
        return run.finishedAt() == null ? Instant.MIN : run.finishedAt().plus(retention);
    }

    private static String runName(String workflowName, Instant now) {
        return workflowName + " · " + now.toString().substring(0, 19).replace('T', ' ');
    }

    private Instant now() {
        return context.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static NotFound runNotFound(long runId) {
        return new NotFound("run " + runId + " not found");
    }
}
