package dev.flowrun.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

/** How the service must refuse to start: as the README's "Configuration" says, one line naming what to fix. */
public final class StartupAssertions {
    /** A JVM of its own on a busy machine: starting, failing and exiting take seconds, not milliseconds. */
    public static final Duration EXIT = Duration.ofSeconds(90);

    private StartupAssertions() {
    }

    /** Exited non-zero with one line on standard error, {@code flowrun: …} mentioning each of {@code mentions}. */
    public static void assertFailedInOneLine(MainProcess process, String... mentions) {
        int status = process.awaitExit(EXIT);
        String output = process.stdout() + process.stderr();
        assertThat(status).as(output).isNotZero();
        assertThat(process.stderrLines()).as(output).hasSize(1);
        assertThat(process.stderrLines().get(0)).startsWith("flowrun: ").contains(mentions);
        assertThat(output.lines()).as("no stack trace").noneMatch(line -> line.strip().startsWith("at ")
                || line.contains("Exception") || line.contains("Caused by"));
    }
}
