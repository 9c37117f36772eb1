package dev.flowrun.files;

import java.io.IOException;

/** A consumer allowed to throw {@link IOException}, so writers can be plain lambdas. */
@FunctionalInterface
public interface IoConsumer<T> {
    void accept(T value) throws IOException;
}
