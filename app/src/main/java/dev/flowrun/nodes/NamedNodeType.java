package dev.flowrun.nodes;

import java.util.List;

/**
 * A node type whose name, role, description and data fields are given once, to its constructor: the catalogue's own
 * types are written so, each one its constructor, its fields and its {@link #compile}.
 */
public abstract class NamedNodeType implements NodeType {
    private final String type;
    private final Role role;
    private final String does;
    private final List<DataField> fields;

    protected NamedNodeType(String type, Role role, String does, DataField... fields) {
        this.type = type;
        this.role = role;
        this.does = does;
        this.fields = List.of(fields);
    }

    @Override
    public final String type() {
        return type;
    }

    @Override
    public final Role role() {
        return role;
    }

    @Override
    public final String does() {
        return does;
    }

    @Override
    public final List<DataField> fields() {
        return fields;
    }
}
