package dev.flowrun.lifecycle;

import java.util.function.Function;

/** Reading a status column back: its text is one the lifecycle wrote, so any other is a broken database. */
final class StoredStatus {
    private StoredStatus() {
    }

    static <E extends Enum<E>> E of(E[] values, Function<E, String> text, String value) {
        for (E status : values) {
            if (text.apply(status).equals(value)) {
                return status;
            }
        }
        throw new IllegalStateException("unknown stored status: " + value);
    }
}
