package dev.flowrun.error;

/**
 * Something the operator must fix before the service can start (README, Configuration): a port in use, a data directory in
 * use or not writable, a database that cannot be opened. Its message is the one line printed on standard error,
 * so it names what failed and, where it can, what to do.
 */
public final class StartupFailure extends RuntimeException {
    public StartupFailure(String message, Throwable cause) {
        super(message, cause);
    }

    /** The innermost cause's message, first line only, for a one-line report of a failure nobody foresaw. */
    public static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        // H2 ends its messages with an error code and its version, e.g. "[90028-252]": noise to a user.
        return message.lines().findFirst().orElse("").replaceAll("\\s*\\[[0-9./-]+]$", "").strip();
    }
}
