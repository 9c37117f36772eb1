package dev.flowrun.engine;

import dev.flowrun.files.FileLayout;
import dev.flowrun.files.LocalFile;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.QuietDeletes;
import dev.flowrun.input.zip.StopCheck;
import dev.flowrun.input.zip.ZipDownloader;
import dev.flowrun.input.zip.ZipFailure;
import dev.flowrun.input.zip.ZipScanner;
import dev.flowrun.input.zip.ZipStopped;
import dev.flowrun.lifecycle.IngestTransitions;
import dev.flowrun.lifecycle.IngestTransitions.IngestingRun;
import dev.flowrun.lifecycle.RunSignals;
import dev.flowrun.lifecycle.RunTransitions;
import dev.flowrun.lifecycle.ItemQueue;

import dev.flowrun.workflow.WorkflowService;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one zip run's archive: downloads it, extracts every image and stages its item, then publishes all the
 * items with the run's total in one transaction, which queues them. Always starts from nothing (a restart or a
 * takeover redoes it: no duplicate items); a cancelled or failed ingestion leaves no file or row behind. A stop of
 * the service leaves everything as it is, to be redone at the next start or by another instance. Every step that
 * changes the run is fenced by the claim: once another instance has taken the reading over, this one stops at its
 * next check and changes nothing, not even to clean up.
 */
final class ZipIngestion {
    private static final Logger LOG = LoggerFactory.getLogger(ZipIngestion.class);
    private final Jdbi jdbi;
    private final ItemTools tools;
    private final WorkflowService workflows;
    private final ZipDownloader downloader;
    private final ZipScanner scanner;
    private final ItemQueue items;
    private final RunSignals signals;
    private final Clock clock;
    private final BooleanSupplier stopping;
    private final Supplier<String> instance;

    /** {@code items}: told of the items a reading publishes; {@code stopping}: the ingestion pool's. */
    ZipIngestion(EngineContext context, ItemTools tools, ZipTools zips, WorkflowService workflows, ItemQueue items,
                 RunSignals signals, Stopping stopping) {
        this.jdbi = context.jdbi();
        this.clock = context.clock();
        this.instance = context.instance();
        this.tools = tools;
        this.downloader = zips.downloader();
        this.scanner = zips.scanner();
        this.workflows = workflows;
        this.items = items;
        this.signals = signals;
        this.stopping = stopping::isSet;
    }

    void ingest(long runId) {
        String claim = instance.get();
        IngestingRun run = jdbi.withExtension(IngestTransitions.class, ingest -> ingest.ingestingRun(runId, claim)).orElse(null);
        if (run == null) {
            return;
        }
        discardPartialWork(runId);
        if (!run.wanted()) {
            forgetAbandoned(runId, claim);
            return;
        }
        OptionalInt count = extract(run, claim);
        if (count.isEmpty()) {
            return;
        }
        if (!publish(runId, count.getAsInt(), claim)) {
            if (stillOurs(runId, claim)) {
                LOG.info("run {}: cancelled while its archive was read", runId);
                abandon(runId, claim);
            }
            return;
        }
        LOG.info("run {}: {} images read from its archive", runId, count.getAsInt());
        deleteUploadedArchive(runId);
    }

    /** The number of images staged; empty when the ingestion ended otherwise (failed, cancelled, stopping). */
    private OptionalInt extract(IngestingRun run, String claim) {
        long runId = run.id();
        StopCheck stop = new RunStillWanted(jdbi, runId, claim, stopping);
        try {
            String nodeId = workflows.parseStored(run.graph()).inputNodes().get(0).id();
            // An uploaded archive is already in the store (linked there at create): nothing to download.
            String archive = run.zipKey() != null ? run.zipKey() : FileLayout.downloadedArchive(runId);
            if (run.zipKey() == null) {
                downloader.download(run.zipUrl(), archive, stop);
            }
            var staging = new ItemStaging(jdbi, tools, runId, nodeId, stop);
            int count;
            try (LocalFile local = tools.store().local(archive)) {
                count = scanner.scan(local.path(), staging, stop);
            }
            staging.flush();
            // On disk before the items exist: after a machine crash an item must still find its input.
            tools.store().syncTree(FileLayout.inputsFolder(runId));
            // Not needed any more, and a restart after this point downloads it again.
            tools.store().deleteTree(FileLayout.downloadFolder(runId));
            if (count == 0) {
                throw ZipFailure.noItems();
            }
            return OptionalInt.of(count);
        } catch (ZipFailure e) {
            if (stillOurs(runId, claim)) {
                fail(runId, claim, e.code(), e.getMessage());
            }
        } catch (ZipStopped e) {
            if (stillOurs(runId, claim)) {
                LOG.info("run {}: cancelled while its archive was read", runId);
                abandon(runId, claim);
            }
        } catch (StorageUnavailable e) {
            if (stillOurs(runId, claim)) {
                LOG.warn("run {}: its archive could not be stored or read: {}", runId, e.getMessage());
                ZipFailure failure = ZipFailure.storageUnavailable(e.getMessage());
                fail(runId, claim, failure.code(), failure.getMessage());
            }
        } catch (IOException | RuntimeException e) {
            if (stillOurs(runId, claim)) {
                LOG.error("run {}: reading its archive failed", runId, e);
                fail(runId, claim, "internal_error", "the archive could not be read because of a problem on our side;"
                        + " the error has been logged");
            }
        }
        return OptionalInt.empty();
    }

    /**
     * Not while the service is stopping (the reading is redone after the next start, or by another instance), nor once
     * another instance has taken the reading over (then it is that one's to finish or clean up).
     */
    private boolean stillOurs(long runId, String claim) {
        return !stopping.getAsBoolean()
                && jdbi.withExtension(IngestTransitions.class, ingest -> ingest.stillOurs(runId, claim)) == 1;
    }

    private boolean publish(long runId, int count, String claim) {
        Instant now = now();
        return jdbi.inTransaction(handle -> {
            if (!handle.attach(IngestTransitions.class).publish(runId, count, claim, now)) {
                return false;
            }

            items.itemsQueued(handle);
            return true;
        });
    }

    /** Fails the run (the first terminal status, with its one webhook), then removes its partial work. */
    private void fail(long runId, String claim, String code, String message) {
        Instant now = now();
        String shown = message.length() > 1000 ? message.substring(0, 1000) : message;
        jdbi.useTransaction(handle -> RunTransitions.fail(handle, runId, code, shown, now, signals));
        LOG.info("run {}: failed: {}: {}", runId, code, shown);
        abandon(runId, claim);
    }

    private void abandon(long runId, String claim) {
        discardPartialWork(runId);
        forgetAbandoned(runId, claim);
    }

    private void forgetAbandoned(long runId, String claim) {
        deleteUploadedArchive(runId);
        jdbi.useExtension(IngestTransitions.class, ingest -> ingest.forgetAbandoned(runId, claim));
    }

    /** Read once and for all (its items are published, or the run is over): its images are the run's inputs now. */
    private void deleteUploadedArchive(long runId) {
        QuietDeletes.tree(tools.store(), FileLayout.uploadedArchiveFolder(runId), "run " + runId);
    }

    /** The staged rows and every file of an unpublished ingestion: extracted inputs and the archive. */
    private void discardPartialWork(long runId) {
        jdbi.useExtension(IngestTransitions.class, ingest -> ingest.deleteStaged(runId));
        try {
            tools.store().deleteTree(FileLayout.inputsFolder(runId));
            tools.store().deleteTree(FileLayout.downloadFolder(runId));
        } catch (IOException e) {
            LOG.warn("run {}: could not delete the files of an unfinished ingestion: {}", runId, e.toString());
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
