package dev.flowrun.cli;

/** A usage or configuration error: one line for the person at the terminal, exit status 2. */
class UsageError extends RuntimeException {
    UsageError(String message) {
        super(message);
    }
}
