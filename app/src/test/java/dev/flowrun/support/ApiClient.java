package dev.flowrun.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/** Real HTTP to a service that runs elsewhere (a child JVM), with the tests' API key, answering {@link Reply}s. */
public final class ApiClient implements AutoCloseable {
    private static final MediaType JSON = MediaType.get("application/json");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final OkHttpClient client = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(30)).build();
    private final String baseUrl;

    public ApiClient(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public Reply get(String path) {
        return call(new Request.Builder().url(baseUrl + path).header("Authorization", "Bearer " + TestApp.API_KEY)
                .build());
    }

    public Reply post(String path, String json) {
        return call(new Request.Builder().url(baseUrl + path).header("Authorization", "Bearer " + TestApp.API_KEY)
                .post(RequestBody.create(json, JSON)).build());
    }

    /** A GET of an absolute URL (a signed file URL) without credentials. */
    public Reply fetch(String url) {
        return call(new Request.Builder().url(url).build());
    }

    private Reply call(Request request) {
        try (Response response = client.newCall(request).execute()) {
            byte[] bytes = response.body().bytes();
            String type = response.header("Content-Type", "");
            return new Reply(response.code(), type.startsWith("application/json") && bytes.length > 0
                    ? MAPPER.readTree(bytes) : null, bytes, response.headers());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
