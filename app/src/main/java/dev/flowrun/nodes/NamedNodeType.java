package dev.flowrun.nodes;

/**
 * A node type whose name and role are given once, to its constructor: the catalogue's own types are written so,
 * each one its constructor and its {@link #compile}.
 */
public abstract class NamedNodeType implements NodeType {
    private final String type;
    private final Role role;

    protected NamedNodeType(String type, Role role) {
        this.type = type;
        this.role = role;
    }

    @Override
    public final String type() {
        return type;
    }

    @Override
    public final Role role() {
        return role;
    }
}
