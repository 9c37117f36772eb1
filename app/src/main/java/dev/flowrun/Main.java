package dev.flowrun;

import dev.flowrun.error.StartupFailure;
import dev.flowrun.cutout.model.ModelCommand;
import dev.flowrun.cutout.model.ModelUnavailable;
import java.time.Clock;
import java.time.Duration;

/**
 * {@code java -jar flowrun.jar}: reads the environment, starts the service, stops it cleanly on SIGTERM. A start
 * that fails says why in one line on standard error and exits non-zero: an operator reads the line,
 * not a stack trace. {@code java -jar flowrun.jar model fetch isnet} fetches a segmentation model instead
 * ({@link ModelCommand}).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("model")) {
            System.exit(ModelCommand.run(args, System.getenv(), System.out, System.err));
            return;
        }
        App app;
        try {
            Config config = Config.fromEnv(System.getenv());
            Logs.use(config.logFormat());
            IdleHeap.asTheServiceDoes();
            app = App.start(config, Clock.systemUTC(), Main::showKey);
        } catch (Config.ConfigException e) {
            exit(2, e.getMessage());
            return;
        } catch (StartupFailure | ModelUnavailable e) {
            exit(1, e.getMessage());
            return;
        } catch (RuntimeException | Error e) {
            exit(1, "start-up failed: " + e.getClass().getSimpleName() + ": " + StartupFailure.rootMessage(e));
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop(Duration.ofSeconds(10)), "flowrun-shutdown"));
    }

    private static void showKey(String key) {
        System.out.println("""

                flowrun: created workspace 'default' and its API key (shown only this once, keep it):

                    %s

                """.formatted(key));
        System.out.flush();
    }

    private static void exit(int status, String reason) {
        System.err.println("flowrun: " + reason);
        System.exit(status);
    }
}
