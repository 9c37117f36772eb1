package dev.flowrun.http;

import dev.flowrun.error.Forbidden;
import dev.flowrun.error.Gone;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.error.NotFound;
import dev.flowrun.files.ContentTypes;
import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.MissingStoredFile;
import dev.flowrun.files.StoredFile;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.imaging.Thumbnails;
import dev.flowrun.retention.DeletedFiles;
import dev.flowrun.archive.RunArchives;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Signed file URLs (docs/security.md): no Authorization header; the signature is the credential. Every file answers
 * with its {@code Content-Length} and accepts a single byte range, so an interrupted download can resume. An image
 * file also answers {@code ?thumb=256} with its thumbnail (the dashboard's grid), under the same signature.
 */
record FileRoutes(FileStore store, UrlSigner signer, RunArchives archives, DeletedFiles deletedFiles,
                  Thumbnails thumbnails, SlowReaders slowReaders, StoreDeadline deadline) {
    private static final String PREFIX = "/files/";
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter
            .ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    void register(RoutesConfig routes) {
        routes.get("/files/*", ctx -> serve(ctx, true));
        // A download manager asks first how big the file is and whether it may ask for parts of it.
        routes.head("/files/*", ctx -> serve(ctx, false));
    }

    private void serve(Context ctx, boolean withBody) throws IOException {
        String raw = ctx.req().getRequestURI();
        String key = raw.startsWith(PREFIX) ? UrlSigner.keyFromPath(raw.substring(PREFIX.length())) : null;
        if (key == null || !signer.verify(key, ctx.queryParam("expires"), ctx.queryParam("sig"))) {
            throw new Forbidden("this file URL is not valid: its signature is wrong or it has expired");
        }
        OptionalLong archiveOf = FileLayout.archiveOf(key);
        StoreDeadline.Budget budget = deadline.start();
        if (archiveOf.isPresent()) {
            budget.call(() -> archives.ensure(archiveOf.getAsLong()));
        }
        boolean archive = archiveOf.isPresent();
        String thumb = ctx.queryParam("thumb");
        StoredFile stored;
        try {
            String statKey = key;
            stored = budget.call(() -> store.stat(statKey));
        } catch (NoSuchFileException e) {
            if (deletedFiles.deleted(key)) {
                throw new Gone("this file was deleted after FLOWRUN_OUTPUT_RETENTION; the run's record remains");
            }
            if (thumb != null && !archive) {
                // A file the service handed out and did not delete: the store lost it; its thumbnail waits for it.
                throw new MissingStoredFile(key, "its thumbnail");
            }
            throw new NotFound("this file does not exist (yet)");
        }
        if (thumb != null) {
            // The signature grants the file; a small picture of it grants nothing more (Thumbnails).
            Thumbnails.requireSize(thumb);
            if (archive) {
                throw new InvalidRequest("thumb", "an archive has no thumbnail");
            }
            String imageKey = key;
            key = budget.call(() -> thumbnails.of(imageKey));
            String thumbKey = key;
            stored = budget.call(() -> store.stat(thumbKey));
        }
        long size = stored.size();
        Instant modified = stored.modified();
        String lastModified = HTTP_DATE.format(modified);
        // Files are replaced only by an atomic rename, which changes the time: size and time identify the bytes.
        String etag = "\"" + Long.toHexString(size) + "-" + Long.toHexString(modified.toEpochMilli()) + "\"";
        String ifRange = ctx.header("If-Range");
        // A range of other bytes than the client already holds would corrupt its download: then send them all.
        ByteRange range = ifRange == null || ifRange.equals(etag) || ifRange.equals(lastModified)
                ? ByteRange.parse(ctx.header("Range"), size) : null;
        String fileName = key.substring(key.lastIndexOf('/') + 1);
        // Lengths and ranges count the file's own bytes, so the answer is never re-encoded on the way out.
        ctx.disableCompression();
        ctx.contentType(ContentTypes.of(fileName));
        ctx.header("Content-Disposition", ContentTypes.contentDisposition(fileName, archive));
        ctx.header("Cache-Control", "private, max-age=3600");
        ctx.header("Accept-Ranges", "bytes");
        // Files come from anyone's URLs and share an origin with the dashboard, whose key is in the tab's storage:
        // never taken for another type, and opened as a page they run in an origin of their own.
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Content-Security-Policy", "sandbox");
        ctx.header("ETag", etag);
        ctx.header("Last-Modified", lastModified);
        if (range != null) {
            ctx.status(206);
            ctx.header("Content-Range", range.contentRange(size));
        }
        long length = range == null ? size : range.length();
        ctx.header("Content-Length", Long.toString(length));
        if (withBody) {
            String bodyKey = key;
            InputStream body = budget.call(() -> range == null ? store.open(bodyKey)
                    : store.open(bodyKey, range.start(), range.length()));
            int status = range == null ? 200 : 206;
            ctx.future(() -> {
                // In async mode from here on: the request holds no thread while the client reads (FileBody).
                ctx.req().getAsyncContext().setTimeout(0);
                ctx.res().setStatus(status);
                Runnable restore = slowReaders.allow(ctx.req());
                try {
                    return new FileBody(body, length, ctx.res().getOutputStream()).start()
                            .whenComplete((ignored, failure) -> {
                                // A reader that went away leaves a connection being closed: putting the
                                // short timeout back on it only makes Jetty log a false idle timeout.
                                if (failure == null) {
                                    restore.run();
                                }
                            });
                } catch (IOException e) {
                    restore.run();
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
