package dev.flowrun.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.InvalidRequest;
import dev.flowrun.workflow.Graph;

/**
 * The body of a create request as {@link RunService#check} reads it: JSON, or a multipart form whose parts are
 * already in the store. Either way it is checked as the JSON it amounts to, so both meet the same rules in the same
 * order. Closing it releases what it holds (a form's received files, once linked into the run).
 */
public interface CreateBody extends AutoCloseable {

    /** SHA-256 of the request as {@code Idempotency-Key} compares it ({@link RequestDigest}). */
    String digest();

    /** The request as a JSON create body for the workflow's graph; asked once, after {@link #digest}. */
    JsonNode json(Graph graph);

    /** A refusal of that JSON named as the caller wrote the request (a form's part rather than a JSON field). */
    default InvalidRequest explain(InvalidRequest refusal) {
        return refusal;
    }

    @Override
    void close();

    /** A JSON body, let go of once read, so that nothing holds it while the run is stored. */
    static CreateBody json(JsonNode body) {
        return new CreateBody() {
            private JsonNode node = body;

            @Override
            public String digest() {
                return RequestDigest.ofJson(node);
            }

            @Override
            public JsonNode json(Graph graph) {
                JsonNode read = node;
                node = null;
                return read;
            }

            @Override
            public void close() {
                node = null;
            }
        };
    }
}
