package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/**
 * The template workflows every workspace has (README, Walk-through with curl), written when the workspace is created.
 * A change to one reaches the workspaces made before it through a migration that rewrites the template where it is
 * still as first written (V9.sql for "Product shot"), and a new template reaches them through a migration that adds
 * it where it is missing (V38.sql for "Product shot with shadow").
 */
public final class Templates {
    static final String PRODUCT_SHOT = "Removes the background, trims to the subject and fits it on a white 1024×1024 "
            + "JPEG within a 5% margin; a subject cut by the photo's frame (a bust) stands on that edge.";
    static final String PRODUCT_SHOT_WITH_SHADOW = "Removes the background, trims to the subject, sets it on a soft "
            + "contact shadow and fits it on a white 1024×1024 JPEG within a 5% margin.";
    private final ObjectMapper mapper;

    public Templates(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public void addTo(WorkflowDao dao, long workspaceId, Instant now) {
        int sortOrder = 0;
        for (Template template : all()) {
            dao.insert(new WorkflowRow(0, workspaceId, template.name(), template.description(), true, false,
                    sortOrder++, 0, template.graph().toString(), now, now));
        }
    }

    List<Template> all() {
        return List.of(
                new Template("Remove background", "Cuts the subject out and saves it as a transparent PNG.",
                        chain(step("imageInput"), step("removeBackground"), step("output").put("format", "png"))),
                new Template("Product shot", PRODUCT_SHOT,
                        chain(step("imageInput"), step("removeBackground"), step("trim"),
                                squareOnWhite(), step("output").put("format", "jpeg"))),
                new Template("Product shot with shadow", PRODUCT_SHOT_WITH_SHADOW,
                        chain(step("imageInput"), step("removeBackground"), step("trim"),
                                step("shadow").put("type", "contact"), squareOnWhite(), step("output").put("format", "jpeg"))));
    }

    /** pad 1024×1024 on white, the subject fitted within a 5% margin. */
    private Step squareOnWhite() {
        return step("pad").put("width", 1024).put("height", 1024).put("background", "#FFFFFF").put("margin", "5%")
                .put("scale", "fit").put("position", "auto");
    }

    private Step step(String type) {
        return new Step(type, mapper.createObjectNode());
    }

    /** Numbers the nodes node_1, node_2, …, lays them out left to right, and links each to the next. */
    private ObjectNode chain(Step... steps) {
        ObjectNode graph = mapper.createObjectNode();
        ArrayNode nodes = graph.putArray("nodes");
        ArrayNode edges = graph.putArray("edges");
        for (int i = 0; i < steps.length; i++) {
            ObjectNode node = nodes.addObject().put("id", "node_" + (i + 1)).put("type", steps[i].type());
            node.putObject("position").put("x", 250 * i).put("y", 0);
            node.set("data", steps[i].data());
            if (i > 0) {
                edges.addObject().put("id", "edge_" + i).put("source", "node_" + i).put("target", "node_" + (i + 1));
            }
        }
        return graph;
    }

    /** One node of a template: its type, and its data, which the builder calls above add fields to. */
    private record Step(String type, ObjectNode data) {
        Step put(String field, String value) {
            data.put(field, value);
            return this;
        }

        Step put(String field, int value) {
            data.put(field, value);
            return this;
        }
    }

    record Template(String name, String description, ObjectNode graph) {
    }
}
