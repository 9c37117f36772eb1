package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * Where the run command's runs go: the engine on this machine ({@link LocalTarget}) or a service ({@link
 * ServerTarget}). Both answer the API's JSON, so everything above them is the same for both.
 */
interface Target extends AutoCloseable {
    /** The workflows, as {@code GET /workflows} lists them. */
    JsonNode workflows() throws IOException;

    /** Creates a run from the form; answers the run as created. */
    JsonNode create(long workflowId, FormBody form) throws IOException;

    /** A page of the run with its items ({@code pageSize} 100), as {@code GET /workflows/runs/{runId}} answers. */
    JsonNode runPage(long runId, int page) throws IOException;

    /** One item with its outputs and error, as {@code GET /workflows/runs/{runId}/items/{itemId}} answers. */
    JsonNode item(long runId, long itemId) throws IOException;

    /** Follows the run's live events until its terminal {@code run} event. */
    void follow(long runId, Consumer<StreamEvent> events) throws IOException, InterruptedException;

    boolean cancel(long runId) throws IOException;

    /** A signed file URL's content. */
    InputStream download(String url) throws IOException;

    /** Where the runs are, for the summary. */
    String where();

    @Override
    void close();
}
