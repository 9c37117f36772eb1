package dev.flowrun.lifecycle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/** An item's inputs as {@code run_items.inputs} stores them: JSON of {@link ItemInput} by input node id. */
public record StoredInputs(ObjectMapper mapper) {
    private static final TypeReference<LinkedHashMap<String, ItemInput>> INPUTS = new TypeReference<>() {
    };

    /** An item's inputs from their stored JSON. */
    public Map<String, ItemInput> read(String stored) {
        try {
            return mapper.readValue(stored, INPUTS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored item inputs are always valid JSON", e);
        }
    }

    /** An item's inputs as they are stored: the JSON {@link #read(String)} reads back. */
    public String json(Map<String, ItemInput> inputs) {
        try {
            return mapper.writeValueAsString(inputs);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("records always serialise", e);
        }
    }
}
