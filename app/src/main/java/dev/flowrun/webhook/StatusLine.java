package dev.flowrun.webhook;

import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.Response;

/**
 * Remembers the status of a call's response as soon as its headers are read. A 2xx acknowledges whatever
 * follows (README, Webhooks: the body is ignored), but OkHttp may still fail the call after the headers, e.g.
 * "HTTP 204 had non-zero Content-Length": the status seen here is the receiver's answer all the same.
 */
final class StatusLine extends EventListener {
    private volatile Integer code;

    @Override
    public void responseHeadersEnd(Call call, Response response) {
        code = response.code();
    }

    /** The status code read, or null when no complete response head arrived. */
    Integer code() {
        return code;
    }
}
