package dev.flowrun.support;

import java.util.ArrayList;
import java.util.List;

/**
 * A workflow's JSON for a test, built rather than written out: {@code TestWorkflow.passThrough().create(app)} is an
 * image input straight to a PNG output; {@code TestWorkflow.named("x").input("in").node("small", "resize",
 * "{\"width\": 40}").output("out").chain()} connects the nodes in the order given.
 */
public final class TestWorkflow {
    private final String name;
    private final List<String> nodes = new ArrayList<>();
    private final List<String> ids = new ArrayList<>();
    private final List<String> edges = new ArrayList<>();

    private TestWorkflow(String name) {
        this.name = name;
    }

    public static TestWorkflow named(String name) {
        return new TestWorkflow(name);
    }

    /** {@code in} (imageInput) → {@code out} (output, PNG). */
    public static TestWorkflow passThrough() {
        return named("pass").input("in").output("out", "{\"format\": \"png\"}").chain();
    }

    /** {@code in} → the node written in {@code middle} (its id {@code middle}) → {@code out}. */
    public static TestWorkflow through(String middle) {
        return named("linear").input("in").raw("middle", middle).output("out").chain();
    }

    /** Inputs {@code front} and {@code back}, each to an output of its own. */
    public static TestWorkflow twoInputs() {
        return named("two inputs").input("front").input("back").output("out_front").output("out_back")
                .edge("front", "out_front").edge("back", "out_back");
    }

    public TestWorkflow input(String id) {
        return node(id, "imageInput", "{}");
    }

    public TestWorkflow output(String id) {
        return node(id, "output", "{}");
    }

    public TestWorkflow output(String id, String data) {
        return node(id, "output", data);
    }

    public TestWorkflow node(String id, String type, String data) {
        return raw(id, "{\"id\": \"" + id + "\", \"type\": \"" + type + "\", \"data\": " + data + "}");
    }

    /** A node written out whole, for data a builder would only obscure. */
    public TestWorkflow raw(String id, String json) {
        ids.add(id);
        nodes.add(json);
        return this;
    }

    public TestWorkflow edge(String source, String target) {
        edges.add("{\"id\": \"e" + (edges.size() + 1) + "\", \"source\": \"" + source + "\", \"target\": \"" + target
                + "\"}");
        return this;
    }

    /** An edge from each node to the next, in the order they were added. */
    public TestWorkflow chain() {
        for (int i = 1; i < ids.size(); i++) {
            edge(ids.get(i - 1), ids.get(i));
        }
        return this;
    }

    /** The graph alone, as {@code PUT /workflows/{id}} and the run's stored graph have it. */
    public String graph() {
        return "{\"nodes\": [" + String.join(", ", nodes) + "], \"edges\": [" + String.join(", ", edges) + "]}";
    }

    public String json() {
        return "{\"name\": \"" + name + "\", \"graph\": " + graph() + "}";
    }

    /** Creates it through the API and returns its id, failing the test with the answer if it is refused. */
    public long create(TestApp app) {
        return created(app.post("/workflows", json()));
    }

    /** The same through an instance started as its own process ({@link MainProcess}). */
    public long create(ApiClient instance) {
        return created(instance.post("/workflows", json()));
    }

    private long created(Reply reply) {
        if (reply.status() != 201) {
            throw new AssertionError("workflow " + name + " refused: " + reply);
        }
        return reply.json().path("id").asLong();
    }
}
