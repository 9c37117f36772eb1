package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.KnownFields;
import dev.flowrun.nodes.DataField;
import dev.flowrun.nodes.NodeData;
import dev.flowrun.nodes.NodeType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A field in a node's {@code data} that its type does not take ({@code colour} on {@code pad}, {@code feathr}):
 * saved silently it would run with the default instead of what was meant, so a graph being saved is refused
 * with it named and the closest known field suggested. The known fields are the type's declared ones and
 * {@code label}.
 */
final class UnknownDataFields {
    private UnknownDataFields() {
    }

    /** The first field of {@code data} the type does not take, as "unknown field 'data.x'; did you mean …". */
    static Optional<String> in(JsonNode data, NodeType type) {
        List<String> names = new ArrayList<>();
        for (DataField field : type.fields()) {
            names.add(field.name());
        }
        names.add(NodeData.LABEL);
        KnownFields known = KnownFields.of(names);
        return known.firstUnknown(data).map(name ->
                "unknown field 'data." + KnownFields.shown(name) + "'; " + known.hint(name));
    }
}
