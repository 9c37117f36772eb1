package dev.flowrun.input.zip;

import dev.flowrun.files.FileStore;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.input.ShownUrl;
import dev.flowrun.net.LazyClient;
import dev.flowrun.net.RedirectFollower;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import okhttp3.Dispatcher;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Downloads a run's archive once, streamed into the file store (never whole in memory), refusing it as soon as
 * it is known to be over the size limit: from its declared length, else while counting the bytes. Redirects
 * are followed like an input's ({@link RedirectFollower}: at most 5, each hop checked by the client's guard).
 */
public final class ZipDownloader {
    /** An archive may be a thousand times an image; stalls are still caught by the read timeout. */
    private static final Duration CALL_TIMEOUT = Duration.ofMinutes(30);
    private static final long CHECK_EVERY = 1 << 20;
    private final LazyClient client;
    private RedirectFollower redirects; // guarded by this: built with the client, at the first download
    private final FileStore store;
    private final long maxBytes;

    /**
     * {@code downloads} is the service's client for inputs. This one differs in its overall call timeout and in
     * having its own dispatcher, so that {@link #cancelAll} aborts archive downloads and nothing else.
     */
    public ZipDownloader(LazyClient downloads, FileStore store, long maxBytes) {
        this.client = downloads.derived(built -> built.newBuilder().dispatcher(new Dispatcher())
                .callTimeout(CALL_TIMEOUT).build());
        this.store = store;
        this.maxBytes = maxBytes;
    }

    private synchronized RedirectFollower redirects() {
        if (redirects == null) {
            redirects = new RedirectFollower(client.get());
        }
        return redirects;
    }

    /** Streams {@code url} into {@code key}; returns its size. {@code stop} is asked every MiB. */
    public long download(String url, String key, StopCheck stop) throws ZipFailure, ZipStopped {
        HttpUrl parsed = HttpUrl.parse(url);
        if (parsed == null) {
            throw ZipFailure.downloadFailed("zipUrl is not a valid http(s) URL");
        }
        String shown = shown(parsed);
        Request request = new Request.Builder().url(parsed)
                .header("User-Agent", "flowrun/0.1 (self-hosted image workflow runner)").build();
        try (Response response = redirects().get(request)) {
            if (!response.isSuccessful()) {
                throw ZipFailure.downloadFailed("GET " + shown + " answered HTTP " + response.code());
            }
            if (response.body().contentLength() > maxBytes) {
                throw tooLarge(shown);
            }
            long[] total = {0};
            try (InputStream in = response.body().byteStream()) {
                store.write(key, out -> {
                    byte[] buffer = new byte[64 * 1024];
                    long nextCheck = 0;
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        total[0] += n;
                        if (total[0] > maxBytes) {
                            throw new TooLarge();
                        }
                        if (total[0] >= nextCheck) {
                            stop.check();
                            nextCheck = total[0] + CHECK_EVERY;
                        }
                        out.write(buffer, 0, n);
                    }
                });
            }
            return total[0];
        } catch (TooLarge e) {
            throw tooLarge(shown);
        } catch (ZipStopped e) {
            throw e;
        } catch (StorageUnavailable e) {
            throw ZipFailure.storageUnavailable(e.getMessage());
        } catch (IOException e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw ZipFailure.downloadFailed("GET " + shown + " failed: " + reason);
        }
    }

    /** Aborts the downloads in progress (at shutdown: a blocked socket read does not notice an interrupt). */
    public void cancelAll() {
        client.ifBuilt(built -> built.dispatcher().cancelAll());
    }

    private ZipFailure tooLarge(String shown) {
        return ZipFailure.downloadFailed("GET " + shown + " is larger than the limit of " + Sizes.text(maxBytes));
    }

    private static String shown(HttpUrl url) {
        return ShownUrl.of(url);
    }

    /** Thrown inside the store's writer so that the partial file is discarded. */
    private static final class TooLarge extends IOException {
        TooLarge() {
            super("too large", null);
        }
    }
}
