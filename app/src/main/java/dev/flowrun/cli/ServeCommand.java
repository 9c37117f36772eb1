package dev.flowrun.cli;

import dev.flowrun.App;
import dev.flowrun.Config;
import dev.flowrun.IdleHeap;
import dev.flowrun.Logs;
import dev.flowrun.cutout.model.ModelUnavailable;
import dev.flowrun.error.StartupFailure;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code java -jar flowrun.jar} (or {@code serve}): reads the environment, starts the service, stops it cleanly on
 * SIGTERM. A start that fails says why in one line on standard error and exits non-zero: an operator reads the
 * line, not a stack trace.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serves the API and the dashboard (what java -jar flowrun.jar does with no command).",
                "Settings come from FLOWRUN_* environment variables (README, Configuration)."})
final class ServeCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        App app;
        try {
            Config config = Config.fromEnv(System.getenv());
            Logs.use(config.logFormat());
            IdleHeap.asTheServiceDoes();
            app = App.builder(config).onNewKey(ServeCommand::showKey).start();
        } catch (Config.ConfigException e) {
            return Cli.fail(2, e.getMessage());
        } catch (StartupFailure | ModelUnavailable e) {
            return Cli.fail(1, e.getMessage());
        } catch (RuntimeException | Error e) {
            return Cli.fail(1, "start-up failed: " + e.getClass().getSimpleName() + ": "
                    + StartupFailure.rootMessage(e));
        }
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> app.stop(Duration.ofSeconds(10)), "flowrun-shutdown"));
        } catch (IllegalStateException shutdownBegan) {
            // SIGTERM arrived while the service was starting: the JVM takes no more hooks, so stop it here and
            // let the shutdown finish, rather than print "Shutdown in progress" with a stack trace.
            app.stop(Duration.ofSeconds(10));
            return 0;
        }
        return Cli.SERVING;
    }

    private static void showKey(String key) {
        System.out.println("""

                flowrun: created workspace 'default' and its API key (shown only this once, keep it):

                    %s

                """.formatted(key));
        System.out.flush();
    }
}
