package dev.flowrun;

import java.time.Duration;

/** {@code java -jar flowrun.jar}: reads the environment, starts the service, stops it cleanly on SIGTERM. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Config config;
        try {
            config = Config.fromEnv(System.getenv());
        } catch (Config.ConfigException e) {
            System.err.println("flowrun: " + e.getMessage());
            System.exit(2);
            return;
        }
        Logs.use(config.logFormat());
        IdleHeap.giveBackAfter(Duration.ofMinutes(1));
        App app = App.start(config);
        app.firstKey().ifPresent(key -> System.out.println("""

                flowrun: created workspace 'default' and its API key (shown only this once, keep it):

                    %s

                """.formatted(key)));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop(Duration.ofSeconds(10)), "flowrun-shutdown"));
    }
}
