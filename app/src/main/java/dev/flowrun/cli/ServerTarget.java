package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import okio.BufferedSource;
import okio.Okio;

/**
 * A flowrun service over its API: the files go up as one multipart create request, progress comes from the run's
 * live events (reconnecting with {@code Last-Event-ID} if the stream breaks), outputs come down from signed URLs.
 */
final class ServerTarget implements Target {
    private static final int RECONNECTS = 10;
    private final HttpUrl base;
    private final String key;
    private final ObjectMapper mapper;
    private final Downloads downloads = new Downloads();
    private final OkHttpClient client;

    ServerTarget(String url, String key, ObjectMapper mapper) {
        HttpUrl parsed = HttpUrl.parse(url);
        if (parsed == null) {
            throw new UsageError("--server " + url + " is not an http:// or https:// URL");
        }
        this.base = parsed;
        this.key = key;
        this.mapper = mapper;
        // Uploads of a large folder take as long as they take; the stream has a comment at least every 15 s.
        this.client = downloads.client.newBuilder().writeTimeout(Duration.ZERO).readTimeout(Duration.ofSeconds(60))
                .build();
    }

    @Override
    public JsonNode workflows() throws IOException {
        return call(request("workflows").get());
    }

    @Override
    public JsonNode create(long workflowId, FormBody form) throws IOException {
        RequestBody body = new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get(form.contentType());
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                try (InputStream in = form.open()) {
                    sink.writeAll(Okio.source(in));
                }
            }
        };
        return call(request("workflows/" + workflowId + "/runs").post(body));
    }

    @Override
    public JsonNode runPage(long runId, int page) throws IOException {
        return call(request("workflows/runs/" + runId + "?pageSize=100&page=" + page).get());
    }

    @Override
    public JsonNode item(long runId, long itemId) throws IOException {
        return call(request("workflows/runs/" + runId + "/items/" + itemId).get());
    }

    @Override
    public void follow(long runId, Consumer<StreamEvent> events) throws IOException, InterruptedException {
        boolean[] ended = {false};
        SseParser parser = new SseParser(mapper, event -> {
            events.accept(event);
            ended[0] |= event.ends();
        });
        IOException last = null;
        for (int attempt = 0; attempt <= RECONNECTS && !ended[0]; attempt++) {
            Request.Builder request = request("workflows/runs/" + runId + "/events").get()
                    .header("Accept", "text/event-stream");
            if (parser.lastId() != null) {
                request.header("Last-Event-ID", parser.lastId());
            }
            try (Response response = client.newCall(request.build()).execute()) {
                if (!response.isSuccessful()) {
                    throw failure(response);
                }
                BufferedSource source = response.body().source();
                for (String line = source.readUtf8Line(); line != null && !ended[0]; line = source.readUtf8Line()) {
                    parser.line(line);
                }
            } catch (IOException e) {
                last = e;
                Thread.sleep(1_000);
            }
        }
        if (!ended[0]) {
            throw last != null ? last : new IOException("the run's event stream ended before the run did");
        }
    }

    @Override
    public boolean cancel(long runId) throws IOException {
        return call(request("workflows/runs/" + runId + "/cancel").post(RequestBody.create(new byte[0])))
                .path("ok").asBoolean();
    }

    @Override
    public InputStream download(String url) throws IOException {
        return downloads.open(url);
    }

    @Override
    public String where() {
        return "on " + base;
    }

    @Override
    public void close() {
        downloads.close();
    }

    private Request.Builder request(String path) {
        return new Request.Builder().url(base.resolve(path)).header("Authorization", "Bearer " + key);
    }

    private JsonNode call(Request.Builder request) throws IOException {
        try (Response response = client.newCall(request.build()).execute()) {
            if (!response.isSuccessful()) {
                throw failure(response);
            }
            return mapper.readTree(response.body().byteStream());
        }
    }

    /** The service's error as one line: 401 is a usage error (the key), others say what the service said. */
    private IOException failure(Response response) throws IOException {
        String message;
        try {
            message = mapper.readTree(response.body().string()).path("error").path("message").asText("");
        } catch (IOException e) {
            message = "";
        }
        String line = "the service answered " + response.code() + (message.isEmpty() ? "" : ": " + message);
        if (response.code() == 401 || response.code() == 404) {
            throw new UsageError(line);
        }
        return new IOException(line);
    }
}
