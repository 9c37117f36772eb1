package dev.flowrun.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;
import java.util.Map;

/** An item read from a zip run's archive, waiting for the whole archive to be read (see {@link ZipRunDao}). */
public record StagedItem(long runId, int position, String inputs, String searchText) {

    /**
     * An archive entry already extracted to {@code key}, as the input of the run's one input node. Its source
     * URL is null: there is nothing to download when the item runs.
     */
    public static StagedItem extracted(ObjectMapper mapper, long runId, int position, String nodeId, String key,
                                       String fileName) {
        try {
            String inputs = mapper.writeValueAsString(Map.of(nodeId, new ItemInput(key, fileName, null)));
            return new StagedItem(runId, position, inputs, fileName.toLowerCase(Locale.ROOT));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("records always serialise", e);
        }
    }
}
