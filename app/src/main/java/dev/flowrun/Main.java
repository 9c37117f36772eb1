package dev.flowrun;

import dev.flowrun.cutout.model.ModelCommand;
import java.time.Duration;

/**
 * {@code java -jar flowrun.jar}: reads the environment, starts the service, stops it cleanly on SIGTERM.
 * {@code java -jar flowrun.jar model fetch isnet} fetches a segmentation model instead ({@link ModelCommand}).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("model")) {
            System.exit(ModelCommand.run(args, System.getenv(), System.out, System.err));
            return;
        }
        Config config;
        try {
            config = Config.fromEnv(System.getenv());
        } catch (Config.ConfigException e) {
            System.err.println("flowrun: " + e.getMessage());
            System.exit(2);
            return;
        }
        IdleHeap.giveBackAfter(Duration.ofMinutes(1));
        App app = App.start(config);
        app.firstKey().ifPresent(key -> System.out.println("""

                flowrun: created workspace 'default' and its API key (shown only this once, keep it):

                    %s

                """.formatted(key)));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop(Duration.ofSeconds(10)), "flowrun-shutdown"));
    }
}
