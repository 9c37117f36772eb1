package dev.flowrun.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.error.KnownFields;
import dev.flowrun.nodes.NodeData;
import java.util.Iterator;
import java.util.Optional;

/**
 * A field in a node's {@code data} that its type does not take ({@code colour} on {@code pad}, {@code feathr}):
 * saved silently it would run with the default instead of what was meant, so a graph being saved is refused
 * with it named and the closest known field suggested. The known fields are those the type read while compiling.
 */
final class UnknownDataFields {
    private UnknownDataFields() {
    }

    /** The first field of {@code data} the type did not read, as "unknown field 'data.x'; did you mean …". */
    static Optional<String> after(JsonNode data, NodeData read) {
        KnownFields known = KnownFields.of(read.fieldsRead());
        return known.firstUnknown(data).map(name -> describe(name, known));
    }

    /**
     * After a compile that failed: a field the type did not read that is close to one it did. {@code widht} next
     * to a missing {@code width} is the better thing to name; an unknown field near nothing read yet is left to
     * the check after a successful compile, since the type may not have got to the field it was meant for.
     */
    static Optional<String> nearMiss(JsonNode data, NodeData read) {
        KnownFields known = KnownFields.of(read.fieldsRead());
        for (Iterator<String> it = data.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!read.fieldsRead().contains(name) && known.suggestion(name).isPresent()) {
                return Optional.of(describe(name, known));
            }
        }
        return Optional.empty();
    }

    private static String describe(String name, KnownFields known) {
        return "unknown field 'data." + KnownFields.shown(name) + "'; " + known.hint(name);
    }
}
