package dev.flowrun.net;

import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;

/**
 * An OkHttp client built the first time a call needs it. Building one sets up TLS (the JDK's trust store read and
 * parsed) and loads OkHttp and Kotlin, about 570 classes: a command-line run that downloads nothing and calls no
 * webhook never needs it, and its first item waited for it.
 */
public final class LazyClient {
    private final Supplier<OkHttpClient> build;
    private OkHttpClient client; // guarded by this

    private LazyClient(Supplier<OkHttpClient> build) {
        this.build = build;
    }

    public static LazyClient of(Supplier<OkHttpClient> build) {
        return new LazyClient(build);
    }

    /** The client, built now if it was not yet. */
    public synchronized OkHttpClient get() {
        if (client == null) {
            client = build.get();
        }
        return client;
    }

    /** A client derived from this one ({@code newBuilder()}, keeping its guard), built when first needed too. */
    public LazyClient derived(UnaryOperator<OkHttpClient> derivation) {
        return new LazyClient(() -> derivation.apply(get()));
    }

    /** Runs {@code action} on the client if it was built (to stop its calls and threads); nothing otherwise. */
    public synchronized void ifBuilt(Consumer<OkHttpClient> action) {
        if (client != null) {
            action.accept(client);
        }
    }
}
