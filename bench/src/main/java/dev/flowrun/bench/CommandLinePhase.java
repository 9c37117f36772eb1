package dev.flowrun.bench;

import dev.flowrun.cutout.model.TestModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line against {@link BareCutout}, the plain program a person would write, on the same model and
 * photos, each a fresh JVM, taking turns (wall clock, medians): one photo ({@code java -jar flowrun.jar run
 * "Remove background" photo}: JVM start, database, model load, one cut-out, one PNG; goal ≤ 1.5× the bare
 * program's), 20 photos as a folder with the default workers (goal ≤ 1× the bare program's one-at-a-time loop),
 * peak RSS of the folder run with 1 and 2 workers ({@code /usr/bin/time}), and the service's start to its
 * {@code listening} line with and without the model. The data directory is made by a first run that is not
 * counted (a user's second run onwards); {@code -Dbench.workflow=NAME} names another saved workflow than the
 * template, {@code -Dbench.cliRounds=N} (default 3) the rounds.
 */
final class CommandLinePhase {
    private CommandLinePhase() {
    }

    static void run(BenchContext bench) throws Exception {
        int rounds = Integer.getInteger("bench.cliRounds", 3);
        String workflow = System.getProperty("bench.workflow", "Remove background");
        Path model = TestModel.isnet();
        Path work = bench.workDir().resolve("cli");
        ShotImages.deleteTree(work);
        Path folder = work.resolve("photos");
        List<Path> photos = ModelPhase.photos(folder, 20);
        Path one = photos.get(0);
        Path data = work.resolve("data");
        Map<String, String> env = Map.of("FLOWRUN_DATA_DIR", data.toString(), "FLOWRUN_BG_MODEL", model.toString());
        BenchContext.log("command line against the bare program: %s, model %s, load average %s", one, model,
                ModelPhase.loadAverage());
        List<String> flowrunOne = List.of("java", "-jar", bench.jar().toString(), "run", workflow, one.toString(),
                "--out", work.resolve("out").toString(), "--quiet");
        List<String> bareOne = bare(model, work.resolve("bare"), List.of(one));
        time(flowrunOne, env); // the data directory, its database and migrations: a user's first run only
        double[][] single = turns(bareOne, flowrunOne, env, rounds);
        List<String> flowrunFolder = List.of("java", "-jar", bench.jar().toString(), "run", workflow,
                folder.toString(), "--out", work.resolve("out").toString(), "--quiet");
        double[][] folderRuns = turns(bare(model, work.resolve("bare"), photos), flowrunFolder, env,
                Math.max(1, rounds - 1));
        String load = ModelPhase.loadAverage();
        bench.table().add("CLI", "one photo, wall: bare program → flowrun run (load average " + load + ")",
                String.format("%.2f s → %.2f s: %s", median(single[0]), median(single[1]),
                        ResultTable.ratio(median(single[1]) / median(single[0]))), "≤ 1.5×",
                median(single[1]) <= 1.5 * median(single[0]));
        bench.table().add("CLI", "20 photos, wall: bare program → flowrun run, default workers",
                String.format("%.1f s → %.1f s: %s", median(folderRuns[0]), median(folderRuns[1]),
                        ResultTable.ratio(median(folderRuns[1]) / median(folderRuns[0]))), "≤ 1×",
                median(folderRuns[1]) <= median(folderRuns[0]));
        for (String workers : List.of("1", "2")) {
            List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "peak-rss-kb %M"));
            command.addAll(flowrunFolder);
            command.addAll(List.of("--workers", workers));
            bench.table().add("CLI", "20 photos, peak RSS, " + workers + " worker" + (workers.equals("1") ? "" : "s"),
                    String.format("%.0f MB", peakRssKb(command, env) / 1024.0), "", true);
        }
        bench.table().add("CLI", "bare program, peak RSS over the 20 photos", String.format("%.0f MB",
                peakRssKb(prefixed(bare(model, work.resolve("bare"), photos)), Map.of()) / 1024.0), "", true);
        for (boolean withModel : new boolean[] {false, true}) {
            double[] ms = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ms[r] = untilListening(bench.jar(), data, withModel ? model : null);
            }
            bench.table().add("CLI", "service start to `listening`, " + (withModel ? "with" : "without")
                    + " the model", String.format("%.2f s", median(ms) / 1000), "", true);
        }
    }

    private static List<String> bare(Path model, Path out, List<Path> photos) {
        List<String> command = new ArrayList<>(List.of("java", "-cp", System.getProperty("java.class.path"),
                BareCutout.class.getName(), model.toString(), out.toString()));
        photos.forEach(p -> command.add(p.toString()));
        return command;
    }

    private static List<String> prefixed(List<String> command) {
        List<String> out = new ArrayList<>(List.of("/usr/bin/time", "-f", "peak-rss-kb %M"));
        out.addAll(command);
        return out;
    }

    /** Wall seconds of each, in turns: [0] the first command's, [1] the second's. */
    private static double[][] turns(List<String> first, List<String> second, Map<String, String> env, int rounds)
            throws Exception {
        double[][] s = new double[2][rounds];
        for (int r = 0; r < rounds; r++) {
            s[0][r] = time(first, Map.of());
            s[1][r] = time(second, env);
        }
        return s;
    }

    private static double time(List<String> command, Map<String, String> env) throws Exception {
        int out = command.indexOf("--out");
        if (out >= 0) { // a fresh output folder each time: the same outputs written again, not skipped or renamed
            ShotImages.deleteTree(Path.of(command.get(out + 1)));
        }
        long t0 = System.nanoTime();
        String output = run(command, env);
        double seconds = (System.nanoTime() - t0) / 1e9;
        BenchContext.log("%.2f s: %s", seconds, output.lines().reduce((a, b) -> b).orElse(""));
        return seconds;
    }

    private static long peakRssKb(List<String> command, Map<String, String> env) throws Exception {
        int out = command.indexOf("--out");
        if (out >= 0) {
            ShotImages.deleteTree(Path.of(command.get(out + 1)));
        }
        String output = run(command, env);
        return output.lines().filter(l -> l.startsWith("peak-rss-kb ")).mapToLong(l -> Long.parseLong(l.substring(12)
                .trim())).max().orElseThrow(() -> new IllegalStateException("no peak RSS in: " + output));
    }

    private static String run(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
        return output;
    }

    /** Milliseconds from {@code java -jar flowrun.jar} to its {@code listening} line; then it is stopped. */
    private static double untilListening(Path jar, Path data, Path model) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("java", "-jar", jar.toString()).redirectErrorStream(true);
        builder.environment().put("FLOWRUN_DATA_DIR", data.toString());
        builder.environment().put("FLOWRUN_PORT", Integer.toString(ServerProcess.freePort()));
        builder.environment().put("FLOWRUN_HOST", "127.0.0.1");
        if (model != null) {
            builder.environment().put("FLOWRUN_BG_MODEL", model.toString());
        } else {
            builder.environment().put("FLOWRUN_BG_MODEL", "");
        }
        long t0 = System.nanoTime();
        Process process = builder.start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.contains("listening on")) {
                    return (System.nanoTime() - t0) / 1e6;
                }
            }
            throw new IOException("the service ended before listening");
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
