package dev.flowrun.nodes;

/** A node's data breaks the catalogue's rules; {@code field} is the key inside {@code data}, e.g. {@code tolerance}. */
public class InvalidNodeData extends Exception {
    private final String field;

    public InvalidNodeData(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
