package dev.flowrun.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar flowrun.jar [command]}: with no command it serves (as it always has); {@code run} takes a folder
 * through a workflow, {@code workflows} lists them, {@code model fetch} fetches a model. Usage errors are one line
 * and exit status 2.
 */
@Command(name = "flowrun", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        subcommands = {ServeCommand.class, RunCommand.class, WorkflowsCommand.class, ModelCommandLine.class},
        description = {"A workflow run service for images, and its command line.",
                "With no command: serves the API and the dashboard."})
public final class Cli implements Callable<Integer> {
    /** What {@link #execute} answers when the service was started and keeps running. */
    public static final int SERVING = -1;

    /** Runs the command line; answers the exit status, or {@link #SERVING}. */
    public static int execute(String[] args) {
        CommandLine commandLine = new CommandLine(new Cli());
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof UsageError) {
                return fail(2, e.getMessage());
            }
            if (e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException) {
                return fail(1, e.getMessage());
            }
            return fail(1, "failed: " + e);
        });
        // A value picocli itself refuses (an unknown option, --priority urgent) is one line too, not the usage text.
        commandLine.setParameterExceptionHandler((e, given) -> fail(2, e.getMessage()));
        return commandLine.execute(args);
    }

    @Override
    public Integer call() {
        return new ServeCommand().call();
    }

    static int fail(int status, String message) {
        System.err.println("flowrun: " + message);
        return status;
    }

    /** The command line's own lines are what a person reads: the engine's log says only what went wrong. */
    static void quietLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"flowrun " + dev.flowrun.Version.text()};
        }
    }
}
