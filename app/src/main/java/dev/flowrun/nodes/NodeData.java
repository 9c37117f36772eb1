package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Strict reader for a node's {@code data}. Known keys must have exactly the JSON type the catalogue names
 * ({@code "90"} is not 90, {@code 90.5} is not an integer). A key whose value is JSON {@code null} counts as
 * absent, so an editor can clear an optional setting back to its default.
 *
 * <p>It records every field a node type asks for, present or not: that set is the type's known fields, so a
 * field added to a type needs no second list for the graph parser to refuse misspelt ones ({@code feathr}).
 * A type therefore reads each field it takes on every compile, not only under some condition.
 */
public final class NodeData {
    /** Every node's data may hold a label, read by the run views rather than by the node type. */
    public static final String LABEL = "label";
    private final JsonNode data;
    private final Set<String> read = new LinkedHashSet<>();

    private NodeData(JsonNode data) {
        this.data = data;
    }

    public static NodeData of(JsonNode data) throws InvalidNodeData {
        if (data == null || data.isNull() || data.isMissingNode()) {
            return new NodeData(null);
        }
        if (!data.isObject()) {
            throw new InvalidNodeData("data", "data must be an object");
        }
        return new NodeData(data);
    }

    public boolean has(String field) {
        return value(field) != null;
    }

    public OptionalInt optionalInt(String field, int min, int max) throws InvalidNodeData {
        JsonNode value = value(field);
        if (value == null) {
            return OptionalInt.empty();
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()
                || value.intValue() < min || value.intValue() > max) {
            throw new InvalidNodeData(field, field + " must be " + rangeRule(min, max));
        }
        return OptionalInt.of(value.intValue());
    }

    public int intOr(String field, int min, int max, int fallback) throws InvalidNodeData {
        return optionalInt(field, min, max).orElse(fallback);
    }

    public int requiredInt(String field, int min, int max) throws InvalidNodeData {
        OptionalInt value = optionalInt(field, min, max);
        if (value.isEmpty()) {
            throw missing(field, rangeRule(min, max));
        }
        return value.getAsInt();
    }

    /** An integer from a short list, e.g. rotate's 90, 180 or 270. */
    public int requiredIntOf(String field, int... allowed) throws InvalidNodeData {
        String rule = orList(Arrays.stream(allowed).mapToObj(Integer::toString).toArray(String[]::new));
        JsonNode value = value(field);
        if (value == null) {
            throw missing(field, rule);
        }
        if (value.isIntegralNumber() && value.canConvertToInt()) {
            int v = value.intValue();
            for (int a : allowed) {
                if (a == v) {
                    return v;
                }
            }
        }
        throw new InvalidNodeData(field, field + " must be " + rule);
    }

    /** One of a fixed set of strings (case-sensitive); {@code fallback == null} makes the field required. */
    public String oneOf(String field, String fallback, String... allowed) throws InvalidNodeData {
        String rule = orList(allowed);
        JsonNode value = value(field);
        if (value == null) {
            if (fallback == null) {
                throw missing(field, rule);
            }
            return fallback;
        }
        if (value.isTextual()) {
            for (String a : allowed) {
                if (a.equals(value.textValue())) {
                    return a;
                }
            }
        }
        throw new InvalidNodeData(field, field + " must be " + rule);
    }

    public boolean boolOr(String field, boolean fallback) throws InvalidNodeData {
        JsonNode value = value(field);
        if (value == null) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw new InvalidNodeData(field, field + " must be true or false");
        }
        return value.booleanValue();
    }

    /** A string field; {@code rule} completes "field must be …" when the value is not a string. */
    public Optional<String> optionalString(String field, String rule) throws InvalidNodeData {
        JsonNode value = value(field);
        if (value == null) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new InvalidNodeData(field, field + " must be " + rule);
        }
        return Optional.of(value.textValue());
    }

    /** The value of a field that may take more than one JSON type, for the caller to check; null when absent. */
    JsonNode any(String field) {
        return value(field);
    }

    static InvalidNodeData missing(String field, String rule) {
        return new InvalidNodeData(field, field + " is required and must be " + rule);
    }

    /** The fields asked for so far, in order, and {@code label}: after a compile, the fields the type takes. */
    public Set<String> fieldsRead() {
        Set<String> known = new LinkedHashSet<>(read);
        known.add(LABEL);
        return Collections.unmodifiableSet(known);
    }

    private JsonNode value(String field) {
        read.add(field);
        if (data == null) {
            return null;
        }
        JsonNode value = data.get(field);
        return value == null || value.isNull() ? null : value;
    }

    private static String rangeRule(int min, int max) {
        return max == Integer.MAX_VALUE
                ? "an integer of at least " + min
                : "an integer from " + min + " to " + max;
    }

    private static String orList(String... options) {
        if (options.length == 1) {
            return options[0];
        }
        return Arrays.stream(options, 0, options.length - 1).collect(Collectors.joining(", "))
                + " or " + options[options.length - 1];
    }
}
