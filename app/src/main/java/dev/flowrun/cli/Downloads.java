package dev.flowrun.cli;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/** Reads signed file URLs (they need no key), with the command's one HTTP client. */
final class Downloads implements AutoCloseable {
    final OkHttpClient client = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(10))
            .readTimeout(Duration.ofSeconds(60)).build();

    InputStream open(String url) throws IOException {
        Response response = client.newCall(new Request.Builder().url(url).build()).execute();
        if (!response.isSuccessful()) {
            response.close();
            throw new IOException("HTTP " + response.code() + " for " + url);
        }
        return response.body().byteStream();
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
