package dev.flowrun;

import dev.flowrun.cli.Cli;
import dev.flowrun.cli.Relaunch;
import java.util.OptionalInt;

/**
 * {@code java -jar flowrun.jar [command]}: the command line ({@link Cli}). With no command it serves the API until
 * SIGTERM; every other command ends with its exit status. A local {@code run} may do its work in a second JVM that
 * starts faster ({@link Relaunch}).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Relaunch.started();
        OptionalInt relaunched = Relaunch.withClassArchive(args, System.getenv());
        int status = relaunched.isPresent() ? relaunched.getAsInt() : Cli.execute(args);
        if (status != Cli.SERVING) {
            System.exit(status);
        }
    }
}
