package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.imaging.Colors;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Strict reader for a node's {@code data}, read field by field through the type's {@link DataField} declarations
 * (the methods taking a {@code DataField}): the range, choices and default come from the declaration. Known keys must have exactly the JSON type the catalogue names
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

    /** An {@code integer} field: its value, else its default; a mandatory one must be there. */
    public int integer(DataField f) throws InvalidNodeData {
        if (f.required()) {
            return requiredInt(f.name(), f.min().intValue(), f.max().intValue());
        }
        return optionalInteger(f).orElse(((Number) f.defaultValue()).intValue());
    }

    /** An {@code integer} field without a fixed default. */
    public OptionalInt optionalInteger(DataField f) throws InvalidNodeData {
        return optionalInt(f.name(), f.min().intValue(), f.max().intValue());
    }

    /** A {@code number} field without a fixed default (an integer is a number too). */
    public OptionalDouble optionalNumber(DataField f) throws InvalidNodeData {
        JsonNode value = value(f.name());
        if (value == null) {
            return OptionalDouble.empty();
        }
        if (!value.isNumber() || value.doubleValue() < f.min().doubleValue()
                || value.doubleValue() > f.max().doubleValue()) {
            throw new InvalidNodeData(f.name(), f.name() + " must be " + f.ruleText());
        }
        return OptionalDouble.of(value.doubleValue());
    }

    /** A {@code number} field: its value, else its default. */
    public double number(DataField f) throws InvalidNodeData {
        return optionalNumber(f).orElse(((Number) f.defaultValue()).doubleValue());
    }

    public boolean bool(DataField f) throws InvalidNodeData {
        return boolOr(f.name(), (Boolean) f.defaultValue());
    }

    /** A {@code choice} of strings: the value, else the default; mandatory when it has none. */
    public String choice(DataField f) throws InvalidNodeData {
        return oneOf(f.name(), (String) f.defaultValue(), f.choices().stream().map(String.class::cast)
                .toArray(String[]::new));
    }

    /** A {@code choice} of integers, mandatory (rotate's degrees). */
    public int intChoice(DataField f) throws InvalidNodeData {
        return requiredIntOf(f.name(), f.choices().stream().mapToInt(c -> (Integer) c).toArray());
    }

    /** A {@code text} or {@code color} field as written; a mandatory one must be there. */
    public Optional<String> text(DataField f) throws InvalidNodeData {
        Optional<String> value = optionalString(f.name(), f.ruleText());
        if (value.isEmpty() && f.required()) {
            throw missing(f.name(), f.ruleText());
        }
        return value;
    }

    /** A {@code color} field as packed opaque ARGB, empty when absent (and not mandatory). */
    public OptionalInt color(DataField f) throws InvalidNodeData {
        Optional<String> text = text(f);
        if (text.isEmpty()) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Colors.parseHex(text.get(), false)
                .orElseThrow(() -> new InvalidNodeData(f.name(), f.name() + " must be " + f.ruleText())));
    }

    /** An {@code other} field's JSON value for the type to check; null when absent. */
    public JsonNode any(DataField f) {
        return value(f.name());
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
