package dev.flowrun.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

/** Server-Sent Events text, fed line by line, to events (comments and unknown fields are left out). */
final class SseParser {
    private final ObjectMapper mapper;
    private final Consumer<StreamEvent> events;
    private String id;
    private String name;
    private final StringBuilder data = new StringBuilder();
    /** The id of the last whole event, for a reconnect's Last-Event-ID. */
    private String lastId;

    SseParser(ObjectMapper mapper, Consumer<StreamEvent> events) {
        this.mapper = mapper;
        this.events = events;
    }

    void line(String line) {
        if (line.isEmpty()) {
            if (name != null && data.length() > 0) {
                try {
                    lastId = id;
                    events.accept(new StreamEvent(id, name, mapper.readTree(data.toString())));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            id = null;
            name = null;
            data.setLength(0);
        } else if (line.startsWith("id:")) {
            id = line.substring(3).strip();
        } else if (line.startsWith("event:")) {
            name = line.substring(6).strip();
        } else if (line.startsWith("data:")) {
            data.append(line.substring(5).strip());
        }
    }

    /** Every line of {@code text} (one or more whole events). */
    void text(String text) {
        for (String line : text.split("\n", -1)) {
            line(line);
        }
    }

    String lastId() {
        return lastId;
    }
}
