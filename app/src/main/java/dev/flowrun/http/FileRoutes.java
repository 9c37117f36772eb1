package dev.flowrun.http;

import dev.flowrun.error.Forbidden;
import dev.flowrun.error.NotFound;
import dev.flowrun.files.ContentTypes;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.UrlSigner;
import dev.flowrun.run.RunArchives;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Signed file URLs (contract §6): no Authorization header; the signature is the credential. */
final class FileRoutes {
    private static final String PREFIX = "/files/";
    private static final Pattern ARCHIVE = Pattern.compile("runs/(\\d{1,18})/outputs\\.zip");
    private final FileStore store;
    private final UrlSigner signer;
    private final RunArchives archives;

    FileRoutes(FileStore store, UrlSigner signer, RunArchives archives) {
        this.store = store;
        this.signer = signer;
        this.archives = archives;
    }

    void register(RoutesConfig routes) {
        routes.get("/files/*", this::serve);
    }

    private void serve(Context ctx) throws IOException {
        String raw = ctx.req().getRequestURI();
        String key = raw.startsWith(PREFIX) ? UrlSigner.keyFromPath(raw.substring(PREFIX.length())) : null;
        if (key == null || !signer.verify(key, ctx.queryParam("expires"), ctx.queryParam("sig"))) {
            throw new Forbidden("this file URL is not valid: its signature is wrong or it has expired");
        }
        Matcher archive = ARCHIVE.matcher(key);
        if (archive.matches()) {
            archives.ensure(Long.parseLong(archive.group(1)));
        }
        if (!store.exists(key)) {
            throw new NotFound("this file does not exist (yet)");
        }
        String fileName = key.substring(key.lastIndexOf('/') + 1);
        ctx.contentType(ContentTypes.of(fileName));
        ctx.header("Content-Disposition", ContentTypes.contentDisposition(fileName, archive.matches()));
        ctx.header("Content-Length", Long.toString(store.size(key)));
        ctx.header("Cache-Control", "private, max-age=3600");
        ctx.result(store.open(key));
    }
}
