package dev.flowrun.support;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okio.BufferedSource;

/** A Server-Sent Events client over a plain streamed HTTP response, read line by line as the format says. */
public final class SseReader implements AutoCloseable {
    private static final OkHttpClient CLIENT = new OkHttpClient.Builder().readTimeout(20, TimeUnit.SECONDS).build();
    private final Response response;
    private final BufferedSource source;
    private final List<String> comments = new ArrayList<>();
    private boolean ended;

    private SseReader(Response response) {
        this.response = response;
        this.source = response.body().source();
    }

    /** Opens {@code url} with the key; {@code lastEventId} null for a first connection. */
    public static SseReader open(String url, String key, String lastEventId) {
        Request.Builder request = new Request.Builder().url(url).header("Accept", "text/event-stream");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        try {
            return new SseReader(CLIENT.newCall(request.build()).execute());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Response response() {
        return response;
    }

    /** The next event, or null once the server has ended the stream. */
    public Event next() {
        String id = null;
        String name = null;
        StringBuilder data = new StringBuilder();
        try {
            while (true) {
                String line = source.readUtf8Line();
                if (line == null) {
                    ended = true;
                    return null;
                }
                if (line.isEmpty()) {
                    if (name != null || data.length() > 0) {
                        return new Event(id, name, TestApp.parse(data.toString()));
                    }
                } else if (line.startsWith(":")) {
                    comments.add(line);
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data.append(line.substring(6));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads on to the next comment line (a keep-alive) and answers it; fails on an event or the end first. */
    public String nextComment() {
        try {
            for (String line = source.readUtf8Line(); line != null; line = source.readUtf8Line()) {
                if (line.startsWith(":")) {
                    comments.add(line);
                    return line;
                }
                if (!line.isEmpty()) {
                    throw new AssertionError("an event came before a comment: " + line);
                }
            }
            throw new AssertionError("the stream ended before a comment");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every event until the server ends the stream (within the reader's 20 s per read). */
    public List<Event> rest() {
        List<Event> events = new ArrayList<>();
        for (Event event = next(); event != null; event = next()) {
            events.add(event);
        }
        return events;
    }

    public boolean ended() {
        return ended;
    }

    public List<String> comments() {
        return comments;
    }

    @Override
    public void close() {
        response.close();
    }

    public record Event(String id, String name, JsonNode data) {
        public long idNumber() {
            return Long.parseLong(id);
        }

        @Override
        public String toString() {
            return id + " " + name + " " + data;
        }
    }

    /** How long a stream may take to say something, for the tests' deadlines. */
    public static final Duration PATIENCE = Duration.ofSeconds(20);
}
