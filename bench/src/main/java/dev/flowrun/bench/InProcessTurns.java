package dev.flowrun.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The bare pipeline in one JVM of its own for a whole comparison ({@link InProcessPipeline}'s {@code --turns}),
 * started like the server (the same options), driven pass by pass so that it can take turns with the service.
 */
final class InProcessTurns implements AutoCloseable {
    /** One measured pass: items per second, CPU seconds per item, the compilers' share of it, where its CPU went. */
    record Measured(double itemsPerSecond, double cpuPerItem, double compilerShare, String threads) {
    }

    private final Process child;
    private final BufferedReader replies;
    private final PrintWriter commands;

    private InProcessTurns(Process child) {
        this.child = child;
        this.replies = new BufferedReader(new InputStreamReader(child.getInputStream()));
        this.commands = new PrintWriter(child.getOutputStream(), true);
    }

    static InProcessTurns start(String template, Path folder, int workers) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("java", "-cp", System.getProperty("java.class.path"),
                InProcessPipeline.class.getName(), InProcessPipeline.TURNS, template, folder.toString(),
                Integer.toString(workers))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        ServerProcess.useTriedJavaOptions(builder.environment());
        InProcessTurns turns = new InProcessTurns(builder.start());
        turns.reply("ready");
        return turns;
    }

    long pid() {
        return child.pid();
    }

    void warmPass(int pass) throws IOException {
        commands.println("warm " + pass);
        reply("done");
    }

    Measured measure() throws IOException {
        commands.println("measure");
        String[] measured = reply("measured").split(" ");
        String threads = reply("threads").substring("threads ".length());
        return new Measured(Double.parseDouble(measured[1]), Double.parseDouble(measured[2]),
                Double.parseDouble(measured[3]), threads);
    }

    /** The next line that starts with {@code word}; JVM options tried (JFR, say) may print lines of their own. */
    private String reply(String word) throws IOException {
        for (String line; (line = replies.readLine()) != null; ) {
            if (line.equals(word) || line.startsWith(word + " ")) {
                return line;
            }
        }
        throw new IllegalStateException("the in-process pipeline ended before answering " + word
                + " (exit status " + exitStatus() + ")");
    }

    private String exitStatus() {
        try {
            return Integer.toString(child.waitFor());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    @Override
    public void close() throws InterruptedException {
        commands.close();
        if (!child.waitFor(30, TimeUnit.SECONDS)) {
            child.destroyForcibly();
        }
    }
}
