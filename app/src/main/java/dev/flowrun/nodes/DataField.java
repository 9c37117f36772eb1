package dev.flowrun.nodes;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One field of a node type's {@code data}: its name, kind, range or choices, default and one line of help. A type
 * lists its fields once ({@link NodeType#fields()}) and reads each through {@link NodeData} with its declaration, so
 * the checks while compiling, the refusal of an unknown field with the closest one suggested, the node schemas of
 * /openapi.json ({@link NodeSchemas}), the dashboard's step editor and the table of docs/nodes.md all come from here.
 *
 * <p>Written as {@code DataField.integer("feather", 0, 20).byDefault(1).help("Softens the edge, in px.")}.
 */
public record DataField(String name, Kind kind, Number min, Number max, List<Object> choices, Object defaultValue,
        String defaultText, boolean required, Object example, String help, String rule, String schema) {

    /** What JSON a field holds. {@code TEXT} and {@code OTHER} carry their own schema and rule. */
    public enum Kind { INTEGER, NUMBER, BOOLEAN, CHOICE, COLOR, TEXT, OTHER }

    public static DataField integer(String name, int min, int max) {
        return new DataField(name, Kind.INTEGER, min, max, List.of(), null, null, false, null, "", null, null);
    }

    public static DataField number(String name, double min, double max) {
        return new DataField(name, Kind.NUMBER, min, max, List.of(), null, null, false, null, "", null, null);
    }

    public static DataField bool(String name) {
        return new DataField(name, Kind.BOOLEAN, null, null, List.of(), null, null, false, null, "", null, null);
    }

    /** One of a few strings (or integers, as rotate's degrees). */
    public static DataField choice(String name, Object... choices) {
        return new DataField(name, Kind.CHOICE, null, null, List.of(choices), null, null, false, null, "", null, null);
    }

    /** An opaque colour written {@code #RRGGBB}. */
    public static DataField color(String name) {
        return new DataField(name, Kind.COLOR, null, null, List.of(), null, null, false, null, "", null, null);
    }

    /** A string the type checks itself; {@code rule} completes "name must be …", {@code schema} is its JSON Schema. */
    public static DataField text(String name, String rule, String schema) {
        return new DataField(name, Kind.TEXT, null, null, List.of(), null, null, false, null, "", rule, schema);
    }

    /** A value of more than one JSON type (a number or a percentage), checked by the type itself. */
    public static DataField other(String name, String rule, String schema) {
        return new DataField(name, Kind.OTHER, null, null, List.of(), null, null, false, null, "", rule, schema);
    }

    /** The value used when the field is absent (or null). */
    public DataField byDefault(Object value) {
        return new DataField(name, kind, min, max, choices, value, defaultText, required, example, help, rule, schema);
    }

    /** A default that depends on the image, said in words ("3% of the subject's height"). */
    public DataField defaultIs(String words) {
        return new DataField(name, kind, min, max, choices, defaultValue, words, required, example, help, rule, schema);
    }

    public DataField mandatory() {
        return new DataField(name, kind, min, max, choices, defaultValue, defaultText, true, example, help, rule, schema);
    }

    /** The value the dashboard's step editor starts a new node with. */
    public DataField example(Object value) {
        return new DataField(name, kind, min, max, choices, defaultValue, defaultText, required, value, help, rule, schema);
    }

    public DataField help(String line) {
        return new DataField(name, kind, min, max, choices, defaultValue, defaultText, required, example, line, rule,
                schema);
    }

    /** What the field must be, as it completes "name must be …" and the docs say it. */
    public String ruleText() {
        return switch (kind) {
            case INTEGER -> max.intValue() == Integer.MAX_VALUE ? "an integer of at least " + min
                    : "an integer from " + min + " to " + max;
            case NUMBER -> "a number from " + plain(min) + " to " + plain(max);
            case BOOLEAN -> "true or false";
            case CHOICE -> orList(choices.stream().map(String::valueOf).toList());
            case COLOR -> "a colour written #RRGGBB";
            case TEXT, OTHER -> rule;
        };
    }

    /** The default as the docs say it, or null when there is none. */
    public String defaultShown() {
        return defaultText != null ? defaultText : defaultValue == null ? null : plain(defaultValue);
    }

    static String plain(Object value) {
        if (value instanceof Double d && d == Math.rint(d)) {
            return Long.toString(d.longValue());
        }
        return String.valueOf(value);
    }

    static String orList(List<String> options) {
        if (options.size() == 1) {
            return options.get(0);
        }
        return options.subList(0, options.size() - 1).stream().collect(Collectors.joining(", "))
                + " or " + options.get(options.size() - 1);
    }
}
