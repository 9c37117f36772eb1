package dev.flowrun.net;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * GETs a URL following redirects itself rather than letting OkHttp do it: at most {@link #MAX_REDIRECTS}, never
 * from https to http, only to http(s) URLs, and every hop as a new call, so the guard of the client checks each
 * hop's host and address again. The client's call timeout bounds the whole chain, not each hop.
 */
public final class RedirectFollower {
    public static final int MAX_REDIRECTS = 5;
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
    private final OkHttpClient client;

    /** {@code client} should derive from the guarded base client; its own redirect following is turned off here. */
    public RedirectFollower(OkHttpClient client) {
        this.client = client.newBuilder().followRedirects(false).followSslRedirects(false).build();
    }

    /**
     * The final answer (2xx or not; a 3xx without a Location header is returned as it is). The caller closes it.
     *
     * @throws RedirectRefused a redirect broke a rule above
     * @throws BlockedAddress  a hop's host or address is refused by the outbound guard
     */
    public Response get(Request request) throws IOException {
        long budget = client.callTimeoutMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budget);
        Request current = request;
        for (int redirects = 0; ; redirects++) {
            Call call = client.newCall(current);
            if (budget > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new InterruptedIOException("timeout");
                }
                call.timeout().timeout(left, TimeUnit.NANOSECONDS);
            }
            Response response = call.execute();
            String location = response.header("Location");
            if (!REDIRECTS.contains(response.code()) || location == null) {
                return response;
            }
            response.close();
            current = next(current, location, redirects + 1);
        }
    }

    private static Request next(Request current, String location, int redirects) throws RedirectRefused {
        if (redirects > MAX_REDIRECTS) {
            throw new RedirectRefused("too many redirects (more than " + MAX_REDIRECTS + ")");
        }
        HttpUrl from = current.url();
        HttpUrl to = from.resolve(location);
        if (to == null) {
            throw new RedirectRefused("redirect to '" + shortened(location) + "' refused: not an http(s) URL");
        }
        if (from.isHttps() && !to.isHttps()) {
            throw new RedirectRefused("redirect from https to http refused (to " + to + ")");
        }
        Request.Builder next = current.newBuilder().url(to).get();
        if (!from.host().equals(to.host())) {
            // Credentials meant for one host are not handed to another, as browsers and OkHttp itself do.
            next.removeHeader("Authorization").removeHeader("Cookie");
        }
        return next.build();
    }

    private static String shortened(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
