package dev.flowrun.engine;

import dev.flowrun.files.FileLayout;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.LocalFile;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.imaging.ImageRejected;
import dev.flowrun.input.DownloadFailed;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.nodes.NodeFailure;
import dev.flowrun.nodes.RemoteImages;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Images named by URL in a run's nodes, fetched as inputs are (the outbound guard, the size limit, redirects checked)
 * into the run's folder and decoded under the same limits. The file stays there for the run's life, so that the run
 * asks the server once: a graph compiled again (another instance, a restart, a graph dropped from the cache) finds
 * it and only decodes it. The node keeps what it decoded for the items of its compiled graph.
 */
record RunRemoteImages(InputFetcher fetcher, FileStore store, ImageDecoder decoder, long runId) implements RemoteImages {

    @Override
    public BufferedImage fetch(String url) throws NodeFailure {
        String key = FileLayout.runFolder(runId) + "/fetched/" + digest(url);
        try {
            if (!store.exists(key)) {
                fetcher.fetch(url, key);
            }
            try (LocalFile file = store.local(key)) {
                return decoder.decode(file.path());
            }
        } catch (DownloadFailed e) {
            throw new NodeFailure(e.getMessage());
        } catch (ImageRejected e) {
            throw new NodeFailure(url + ": " + e.getMessage());
        } catch (IOException e) {
            throw new NodeFailure("GET " + url + " could not be read: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new NodeFailure("GET " + url + " could not be read: " + e.getCause().getMessage(), e);
        }
    }

    private static String digest(String url) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(url.getBytes(StandardCharsets.UTF_8))).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
