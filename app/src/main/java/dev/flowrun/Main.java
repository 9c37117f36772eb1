package dev.flowrun;

import dev.flowrun.cli.Cli;

/**
 * {@code java -jar flowrun.jar [command]}: the command line ({@link Cli}). With no command it serves the API until
 * SIGTERM; every other command ends with its exit status.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int status = Cli.execute(args);
        if (status != Cli.SERVING) {
            System.exit(status);
        }
    }
}
