package dev.flowrun.http;

import dev.flowrun.error.NotFound;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The web dashboard (README, Dashboard): static files from the jar's {@code dashboard/} folder, {@code GET /} being its
 * page. It is a client of the API like any other, so nothing here reads a run or a workflow. No assets are listed
 * anywhere: a name matching {@link #ASSET} is looked up on the class path, and what is found is kept.
 */
final class DashboardRoutes {
    private static final String FOLDER = "dashboard/";
    private static final Pattern ASSET = Pattern.compile("[a-z0-9_-]+(/[a-z0-9_-]+)*\\.(js|css|svg|html)");
    private static final Map<String, String> TYPES = Map.of(
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "html", "text/html; charset=utf-8");
    private final Map<String, Optional<Asset>> assets = new ConcurrentHashMap<>();
    private final String policy;

    DashboardRoutes(String publicUrl) {
        // Scripts only from this origin (no inline code: a file name or message can never become a script);
        // images also from where file URLs point, which may be another origin than the one the page came from.
        this.policy = "default-src 'self'; img-src 'self' " + origin(publicUrl) + " data: blob:; "
                + "style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
    }

    void register(RoutesConfig routes) {
        routes.get("/", ctx -> serve(ctx, "index.html"));
        routes.get("/dashboard/<path>", ctx -> serve(ctx, ctx.pathParam("path")));
    }

    private void serve(Context ctx, String path) {
        Asset asset = ASSET.matcher(path).matches()
                ? assets.computeIfAbsent(path, DashboardRoutes::load).orElse(null) : null;
        if (asset == null) {
            throw new NotFound("no such dashboard file: " + path);
        }
        ctx.header("Content-Security-Policy", policy);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
        // Always asked again, answered 304 while unchanged: a new jar is seen at once, at the cost of a tiny request.
        ctx.header("Cache-Control", "no-cache");
        ctx.header("ETag", asset.etag());
        if (asset.etag().equals(ctx.header("If-None-Match"))) {
            ctx.status(304);
            return;
        }
        ctx.contentType(asset.type()).result(asset.bytes());
    }

    private static Optional<Asset> load(String path) {
        try (InputStream in = DashboardRoutes.class.getClassLoader().getResourceAsStream(FOLDER + path)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] bytes = in.readAllBytes();
            String extension = path.substring(path.lastIndexOf('.') + 1);
            return Optional.of(new Asset(bytes, TYPES.get(extension), etag(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read dashboard file " + path, e);
        }
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private static String origin(String url) {
        URI uri = URI.create(url);
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    private record Asset(byte[] bytes, String type, String etag) {
    }
}
