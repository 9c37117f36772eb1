package dev.flowrun.input;

import dev.flowrun.files.FileStore;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.net.BlockedAddress;
import dev.flowrun.net.LazyClient;
import dev.flowrun.net.RedirectFollower;
import dev.flowrun.net.RedirectRefused;
import dev.flowrun.work.WorkBudget;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Downloads one input file into the store, streaming, refusing anything over the size limit (counted as it
 * arrives: Content-Length is only used to refuse early). Redirects are followed by {@link RedirectFollower}, so
 * the outbound guard of the client checks every hop.
 */
public final class InputFetcher {
    public static final long MAX_BYTES = 50L * 1024 * 1024;
    /** OkHttp's stream hands out at most one 8 KiB segment per read: a bigger buffer is only garbage. */
    private static final int READ_BUFFER = 8 * 1024;
    private final LazyClient client;
    private final FileStore store;
    private RedirectFollower redirects; // guarded by this: built with the client, at the first download

    public InputFetcher(LazyClient client, FileStore store) {
        this.client = client;
        this.store = store;
    }

    private synchronized RedirectFollower redirects() {
        if (redirects == null) {
            redirects = new RedirectFollower(client.get());
        }
        return redirects;
    }

    /**
     * Downloads {@code url} to {@code key}, not yet synced to disk: the caller syncs it ({@link
     * FileStore#syncSoon}) before anything relies on it.
     */
    public void fetch(String url, String key) throws DownloadFailed, InterruptedIOException, StorageUnavailable {
        Request request;
        try {
            request = new Request.Builder().url(url).header("User-Agent", "flowrun/0.1 (self-hosted image workflow runner)").build();
        } catch (IllegalArgumentException e) {
            throw new DownloadFailed("not a valid URL: " + url);
        }
        String shown = ShownUrl.of(url);
        try (Response response = redirects().get(request)) {
            if (!response.isSuccessful()) {
                throw new DownloadFailed("GET " + shown + " answered HTTP " + response.code());
            }
            long declared = response.body().contentLength();
            if (declared > MAX_BYTES) {
                throw new DownloadFailed(tooLarge(shown));
            }
            try (InputStream in = response.body().byteStream()) {
                store.writeUnsynced(key, out -> {
                    byte[] buffer = new byte[READ_BUFFER];
                    long total = 0;
                    WorkBudget budget = WorkBudget.current();
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        budget.checkNow(); // a cancelled run's item stops downloading at the next 8 KiB
                        total += n;
                        if (total > MAX_BYTES) {
                            throw new TooLarge();
                        }
                        out.write(buffer, 0, n);
                    }
                });
            }
        } catch (TooLarge e) {
            throw new DownloadFailed(tooLarge(shown));
        } catch (BlockedAddress | RedirectRefused e) {
            // The message names the rule, e.g. "refused: 10.0.0.5 is a private address (10.0.0.0/8)".
            throw new DownloadFailed("GET " + shown + ": " + e.getMessage());
        } catch (StorageUnavailable e) {
            throw e; // not the source's fault: the item says so (storage_unavailable)
        } catch (InterruptedIOException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw e;
            }
            throw new DownloadFailed("GET " + shown + " timed out");
        } catch (IOException e) {
            throw new DownloadFailed("GET " + shown + " failed: " + e.getMessage());
        }
    }

    /** Aborts every download in progress: at shutdown, a blocked socket read does not notice an interrupt. */
    public void cancelAll() {
        client.ifBuilt(built -> built.dispatcher().cancelAll());
    }

    private static String tooLarge(String url) {
        return "GET " + url + " is larger than the limit of " + (MAX_BYTES / 1024 / 1024) + " MiB";
    }

    /** Thrown from inside the store's writer so the partial file is discarded. */
    private static final class TooLarge extends IOException {
        TooLarge() {
            super("too large", null);
        }
    }
}
