package dev.flowrun.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code dev.flowrun.Main} in a JVM of its own, as {@code java -jar flowrun.jar} runs it (on the test classpath), with
 * only the {@code FLOWRUN_*} variables given here. Standard output and error go to files, read as the user would.
 */
public final class MainProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on port (\\d+)");
    private final Process process;
    /** Where its {@code stdout} and {@code stderr} go. */
    private final Path logs;

    private MainProcess(Process process, Path logs) {
        this.process = process;
        this.logs = logs;
    }

    public static MainProcess start(Map<String, String> env) {
        return start(env, List.of());
    }

    /** The same with JVM options of its own, e.g. the trust store of a test's HTTPS receiver. */
    public static MainProcess start(Map<String, String> env, List<String> jvmOptions) {
        return command(env, jvmOptions, List.of());
    }

    /** {@code java -jar flowrun.jar <args>}: a command of the command line, its output read from files (piped). */
    public static MainProcess command(Map<String, String> env, String... args) {
        return command(env, List.of(), List.of(args));
    }

    /**
     * The same as a user whose permissions count: run as root (as CI runs), the process gives up the capabilities
     * that let root read and write past file permissions, so a {@code chmod 000} file is unreadable to it too.
     */
    public static MainProcess commandObeyingPermissions(Map<String, String> env, String... args) {
        return command(env, List.of(), List.of(args), isRoot()
                ? List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search") : List.of());
    }

    private static boolean isRoot() {
        try {
            return Files.getAttribute(Path.of("/proc/self"), "unix:uid").equals(0);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    private static MainProcess command(Map<String, String> env, List<String> jvmOptions, List<String> args) {
        return command(env, jvmOptions, args, List.of());
    }

    private static MainProcess command(Map<String, String> env, List<String> jvmOptions, List<String> args,
            List<String> prefix) {
        try {
            Path logs = Files.createTempDirectory("flowrun-main");
            // The quickest JVM start: the service does little work here, and CI is two busy cores.
            List<String> command = new ArrayList<>(prefix);
            command.addAll(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"));
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                    // The service's own logging (standard output): no logback.configurationFile naming the tests' file.
                    "dev.flowrun.Main"));
            command.addAll(args);
            var builder = new ProcessBuilder(command).redirectOutput(logs.resolve("stdout").toFile())
                    .redirectError(logs.resolve("stderr").toFile());
            builder.environment().keySet().removeIf(name -> name.startsWith("FLOWRUN_"));
            builder.environment().put("FLOWRUN_WORKERS", "1");
            builder.environment().putAll(env);
            return new MainProcess(builder.start(), logs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits for the process to end by itself and answers its exit status. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("still running after " + timeout + "; output so far:\n" + stdout() + stderr());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits until the service says it listens, and answers its port; fails at once if it exits instead. */
    public int awaitListening(Duration timeout) {
        Matcher port = Await.until("the service to listen", timeout, () -> {
            if (!process.isAlive()) {
                throw new AssertionError("exited with " + process.exitValue() + ":\n" + stdout() + stderr());
            }
            return LISTENING.matcher(stdout() + stderr());
        }, Matcher::find);
        return Integer.parseInt(port.group(1));
    }

    /** The process id, as the service records it in {@code instances.pid}. */
    public long pid() {
        return process.pid();
    }

    public String stdout() {
        return read("stdout");
    }

    public String stderr() {
        return read("stderr");
    }

    public List<String> stderrLines() {
        return stderr().lines().toList();
    }

    /** Ctrl-C: SIGINT, as a terminal sends it. */
    public void interrupt() {
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code kill -9}: no shutdown hook runs, nothing is flushed on the way out. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops it as a service manager would (SIGTERM) and waits. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String read(String file) {
        try {
            return Files.readString(logs.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
