package dev.flowrun.work;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A part of a start made on a daemon thread of its own while the starting thread goes on with the rest; {@link #get}
 * waits for it and throws what making it threw, so a start that joins it fails as one that had made it in line.
 */
public final class Background<T> {
    private final CompletableFuture<T> making = new CompletableFuture<>();

    private Background() {
    }

    /** Starts {@code make} on a new daemon thread named {@code name}. */
    public static <T> Background<T> start(String name, Supplier<T> make) {
        Background<T> background = new Background<>();
        Thread thread = new Thread(() -> {
            try {
                background.making.complete(make.get());
            } catch (Throwable e) {
                background.making.completeExceptionally(e);
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return background;
    }

    /** Made already, on the calling thread. */
    public static <T> Background<T> done(T made) {
        Background<T> background = new Background<>();
        background.making.complete(made);
        return background;
    }

    /** What was made, once it is. */
    public T get() {
        try {
            return making.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Waits for it and gives it to {@code use}; nothing if making it failed. */
    public void ifMade(Consumer<T> use) {
        T made = making.handle((value, failure) -> value).join();
        if (made != null) {
            use.accept(made);
        }
    }

    /** Nobody will {@link #get} it: {@code close} is given it once made, without waiting here; nothing if it failed. */
    public void abandon(Consumer<T> close) {
        making.thenAccept(close);
    }
}
