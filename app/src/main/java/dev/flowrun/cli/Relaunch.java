package dev.flowrun.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * A local {@code run} started as {@code java [options] -jar flowrun.jar run …} does its work in a second JVM that maps
 * the classes an earlier run loaded from a {@link ClassArchive} (JDK class-data sharing, decision 0054): the archive
 * saves that JVM more than starting it costs. The first run without an archive lists the classes it loads, and the
 * archive is made from the list in the background once it has exited. This JVM loads nothing of the engine: it
 * passes on its options and arguments, shares its standard input, output and error, passes on SIGINT, SIGTERM and
 * SIGHUP (the second JVM cancels its run as the command always did), and exits with the second JVM's status.
 * Whatever about it fails, or a JVM that could not start with the archive, and the command runs in this JVM as before;
 * {@code FLOWRUN_CLASS_ARCHIVE=off} never starts one.
 */
public final class Relaunch {
    /** Names the file the second JVM deletes on reaching {@code main}; set only in the second JVM. */
    static final String MARKER = "flowrun.launch.started";
    /** Options a user gives for class-data sharing of their own: then this leaves it to them. */
    private static final List<String> SHARING_OPTIONS = List.of("Xshare", "SharedArchiveFile", "ArchiveClassesAtExit",
            "SharedClassListFile", "DumpLoadedClassList", "VMOptionsFile", "Flags=");

    private static final Pattern PATH_SYNTAX = Pattern.compile("[:,=\"]");

    private Relaunch() {
    }

    /** In the second JVM: tells the first it got as far as {@code main}. */
    public static void started() {
        String marker = System.getProperty(MARKER);
        if (marker != null) {
            ClassArchive.quietlyDelete(Path.of(marker));
        }
    }

    /** Runs the command in a second JVM with the class archive and answers its exit status; empty: run it here. */
    public static OptionalInt withClassArchive(String[] args, Map<String, String> env) {
        if (System.getProperty(MARKER) != null || !wanted(args, env)) {
            return OptionalInt.empty();
        }
        try {
            List<String> argv = commandLine();
            int jarAt = argv.indexOf("-jar");
            Path jar = Path.of(System.getProperty("java.class.path"));
            if (jarAt < 1 || jarAt + 2 > argv.size() || !Path.of(argv.get(jarAt + 1)).equals(jar)
                    || !Files.isRegularFile(jar) || !argv.subList(jarAt + 2, argv.size()).equals(Arrays.asList(args))) {
                return OptionalInt.empty(); // not started as java -jar flowrun.jar …: nothing to start again
            }
            List<String> options = argv.subList(1, jarAt);
            if (options.stream().anyMatch(option -> option.startsWith("@")
                    || SHARING_OPTIONS.stream().anyMatch(option::contains))) {
                return OptionalInt.empty();
            }
            ClassArchive archive = ClassArchive.of(Path.of(env.getOrDefault("FLOWRUN_DATA_DIR", "./data")), jar,
                    options);
            // The JVM reads a ':' in an archive's name as two archives, and ',', ':' or '=' in a log's as its syntax.
            if (PATH_SYNTAX.matcher(archive.file().toAbsolutePath().toString()).find()) {
                return OptionalInt.empty();
            }
            return start(archive, options, jar, args);
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /** A run on this machine, and no JVM options of the environment's (each JVM would print that it picked them up). */
    private static boolean wanted(String[] args, Map<String, String> env) {
        if ("off".equalsIgnoreCase(env.get("FLOWRUN_CLASS_ARCHIVE")) || args.length < 2 || !args[0].equals("run")
                || !System.getProperty("os.name", "").equals("Linux")) {
            return false;
        }
        for (String variable : List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
            if (env.containsKey(variable)) {
                return false;
            }
        }
        return Arrays.stream(args).noneMatch(arg -> arg.equals("--server") || arg.startsWith("--server=")
                || arg.equals("-h") || arg.equals("--help") || arg.equals("-V") || arg.equals("--version"));
    }

    /**
     * The second JVM compiles with the quick compiler only (C1), unless the user's options say how to compile: a local
     * run spends its CPU in the model's native code, and the optimising compiler's work on a fresh JVM (seconds of
     * CPU beside the inference on the same cores) cost more than its faster code saved, for one photo and for a
     * folder of 20 (decision 0056).
     */
    static List<String> compiler(List<String> options) {
        boolean own = options.stream().anyMatch(option -> option.contains("Tiered") || option.equals("-Xint")
                || option.equals("-Xcomp") || option.startsWith("-XX:CompileThreshold"));
        return own ? List.of() : List.of("-XX:TieredStopAtLevel=1");
    }

    /** This JVM's own command line, as the launcher was given it. */
    private static List<String> commandLine() throws IOException {
        String text = new String(Files.readAllBytes(Path.of("/proc/self/cmdline")), StandardCharsets.UTF_8);
        return List.of(text.split("\0"));
    }

    private static OptionalInt start(ClassArchive archive, List<String> options, Path jar, String[] args)
            throws IOException {
        boolean making = !archive.exists();
        if (making && archive.beingMade()) {
            return OptionalInt.empty(); // an earlier run's archive is being made: this one runs as it always did
        }
        Path classList = archive.classListDraft();
        Path marker = archive.startMarker();
        Path mapping = marker.resolveSibling(marker.getFileName() + ".log");
        List<String> command = new ArrayList<>();
        command.add(ClassArchive.java());
        command.addAll(options);
        command.addAll(compiler(options));
        // The JVM's lines about the archive are nothing to the user: that it could not map it goes to a file of this
        // process's, read once the second JVM is done.
        command.add("-Xlog:cds*=off");
        if (making) {
            command.add("-XX:DumpLoadedClassList=" + classList);
        } else {
            command.add("-XX:SharedArchiveFile=" + archive.file());
            command.add("-Xlog:cds=info:file=" + mapping + "::filecount=0");
        }
        command.add("-D" + MARKER + "=" + marker);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(Arrays.asList(args));
        Signals signals = new Signals(marker);
        Process child;
        try {
            child = signals.started(new ProcessBuilder(command).inheritIO().start());
        } catch (IOException e) {
            signals.restore();
            ClassArchive.quietlyDelete(marker);
            throw e;
        }
        int status = waitFor(child);
        signals.restore();
        boolean refused = refused(mapping);
        if (Files.exists(marker)) { // it never reached main: a broken archive, or a JVM that could not start
            ClassArchive.quietlyDelete(marker);
            ClassArchive.quietlyDelete(classList);
            if (!making) {
                archive.discard();
            }
            return OptionalInt.empty();
        }
        if (making) {
            // A run that went through (all completed, or some failed) names the classes to archive; the archive is
            // made from them by a JVM of its own once this one has exited, so nobody waits for it.
            if (status == 0 || status == 1) {
                archive.makeInBackground(classList, options, jar);
            } else {
                ClassArchive.quietlyDelete(classList);
            }
        } else if (refused) {
            archive.discard(); // the run went on without it: the next run makes one it can use
        } else {
            archive.used();
        }
        return OptionalInt.of(status);
    }

    /** Whether the JVM said it could not map the archive (another jar or JVM than it was made by); the log removed. */
    private static boolean refused(Path log) {
        try {
            return Files.exists(log) && Files.readString(log).contains("UseSharedSpaces:");
        } catch (IOException e) {
            return false;
        } finally {
            ClassArchive.quietlyDelete(log);
        }
    }

    /**
     * This JVM outlives the second to pass its status on: SIGINT goes on to the second as SIGINT (from a terminal
     * both get it, and the second JVM's run ends once either way), SIGTERM and SIGHUP as SIGTERM, whose run then ends
     * as after Ctrl-C. Before the second JVM is there, each ends this one as it would have ended the command.
     */
    private static final class Signals {
        private final Path marker;
        private final Map<Signal, SignalHandler> before = new HashMap<>();
        private volatile Process child;

        Signals(Path marker) {
            this.marker = marker;
            handle("INT", 2, Signals::interrupt);
            handle("TERM", 15, Process::destroy);
            handle("HUP", 1, Process::destroy);
        }

        Process started(Process started) {
            child = started;
            return started;
        }

        /** This JVM's own handling back, for a command that runs here after all. */
        void restore() {
            before.forEach(Signal::handle);
        }

        /** Ctrl-C to the second JVM: Java sends no other signal than SIGTERM and SIGKILL itself. */
        private static void interrupt(Process running) {
            try {
                new ProcessBuilder("kill", "-INT", Long.toString(running.pid())).start();
            } catch (IOException e) {
                // From a terminal the second JVM has it already.
            }
        }

        private void handle(String name, int number, Consumer<Process> passOn) {
            try {
                Signal signal = new Signal(name);
                before.put(signal, Signal.handle(signal, received -> {
                    Process running = child;
                    if (running == null) {
                        ClassArchive.quietlyDelete(marker);
                        Runtime.getRuntime().halt(128 + number);
                    } else {
                        passOn.accept(running);
                    }
                }));
            } catch (IllegalArgumentException e) {
                // A signal this JVM may not handle: left as it is.
            }
        }
    }

    private static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // Nothing interrupts this thread; the status is what this JVM exists to pass on.
            }
        }
    }
}
