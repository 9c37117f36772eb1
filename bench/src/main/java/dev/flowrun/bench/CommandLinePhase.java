package dev.flowrun.bench;

import dev.flowrun.cutout.model.TestModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line against {@link BareCutout}, the plain program a person would write, on the same model and
 * photos, each a fresh JVM, taking turns (wall clock, medians; the load average logged with every timing). Like with
 * like: the bare program looks once, so the command runs a workflow whose {@code removeBackground} takes one look
 * ({@code secondLook: false}, saved once through the service: "Remove background, one look"). Parts
 * ({@code -Dbench.cliParts=one,folder,start}, default all):
 * <ul>
 * <li>{@code one}: one photo ({@code java -jar flowrun.jar run WORKFLOW photo}: JVM start, database, model load, one
 *     cut-out, one PNG; goal ≤ 1.5× the bare program's);</li>
 * <li>{@code folder}: 20 photos as a folder with 1 and with 2 workers (goal ≤ 1× the bare program's one-at-a-time
 *     loop), each with its peak RSS and CPU time per photo (user + system of the whole process, start included,
 *     over the photos; {@code /usr/bin/time}), the bare program's too; then 2 workers again with the model's
 *     threads waiting without spinning ({@code FLOWRUN_BG_MODEL_SPINNING=false});</li>
 * <li>{@code start}: the service's start to its {@code listening} line with and without the model.</li>
 * </ul>
 * The data directory and the command's class archive are made first and not counted (a user's second run onwards;
 * {@code FLOWRUN_CLASS_ARCHIVE=off} in the benchmark's environment measures the command in one JVM);
 * {@code -Dbench.workflow=NAME} names another saved workflow (the template "Remove background" takes the second
 * look), {@code -Dbench.cliRounds=N} (default 3; the folder takes one fewer) the rounds.
 */
final class CommandLinePhase {
    static final String ONE_LOOK = "Remove background, one look";

    private CommandLinePhase() {
    }

    static void run(BenchContext bench) throws Exception {
        int rounds = Integer.getInteger("bench.cliRounds", 3);
        String workflow = System.getProperty("bench.workflow", ONE_LOOK);
        List<String> parts = List.of(System.getProperty("bench.cliParts", "one,folder,start").split(","));
        Path model = TestModel.isnet();
        Path work = bench.workDir().resolve("cli");
        ShotImages.deleteTree(work);
        Path folder = work.resolve("photos");
        List<Path> photos = ModelPhase.photos(folder, 20);
        Path one = photos.get(0);
        Path data = work.resolve("data");
        Map<String, String> env = Map.of("FLOWRUN_DATA_DIR", data.toString(), "FLOWRUN_BG_MODEL", model.toString());
        try (ServerProcess server = ServerProcess.start(bench.jar(), data, Map.of("FLOWRUN_BG_MODEL",
                model.toString()))) { // the data directory, its database and migrations: a user's first run only
            new ApiClient(server.baseUrl()).post("/workflows", """
                    {"name": "%s", "graph": {"nodes": [{"id": "in", "type": "imageInput"},
                      {"id": "cut", "type": "removeBackground", "data": {"secondLook": false}},
                      {"id": "out", "type": "output", "data": {"format": "png"}}],
                      "edges": [{"id": "e1", "source": "in", "target": "cut"},
                                {"id": "e2", "source": "cut", "target": "out"}]}}""".formatted(ONE_LOOK));
        }
        BenchContext.log("command line (workflow \"%s\") against the bare program, model %s", workflow, model);
        List<String> flowrun = List.of("java", "-jar", bench.jar().toString(), "run", workflow);
        Path out = work.resolve("out");
        // The class-data archive the command makes after its first run (decision 0054) is made here, as the data
        // directory is; this first run is logged, not counted.
        BenchContext.log("first run (lists the classes for the class archive):");
        time(with(flowrun, one.toString(), "--out", out.toString(), "--quiet"), env);
        awaitClassArchive(data.resolve("cache"));
        if (parts.contains("one")) {
            List<String> flowrunOne = with(flowrun, one.toString(), "--out", out.toString(), "--quiet");
            Timed[][] single = turns(bare(model, work.resolve("bare"), List.of(one)), flowrunOne, env, rounds);
            double bareS = median(single[0]);
            double cliS = median(single[1]);
            bench.table().add("CLI", "one photo, wall: bare program → flowrun run (load average "
                            + Machine.loadAverage() + ")", String.format("%.2f s → %.2f s: %s (peak RSS %d → %d MB; CPU %.2f → %.2f s)",
                            bareS, cliS, ResultTable.ratio(cliS / bareS), single[0][0].rssMb(), single[1][0].rssMb(),
                            medianCpu(single[0]), medianCpu(single[1])),
                    "≤ 1.5×", cliS <= 1.5 * bareS);
        }
        if (parts.contains("folder")) {
            List<String> bareFolder = bare(model, work.resolve("bare"), photos);
            // 2 workers a second time with the model's threads waiting without spinning, so that the other items'
            // work can have the core a waiting thread would spin on: whether that pays is for a quiet machine to say.
            for (String workers : List.of("1", "2", "2 not spinning")) {
                boolean notSpinning = workers.endsWith("spinning");
                Map<String, String> withEnv = new java.util.HashMap<>(env);
                if (notSpinning) {
                    withEnv.put("FLOWRUN_BG_MODEL_SPINNING", "false");
                }
                Timed[][] runs = turns(bareFolder, with(flowrun, folder.toString(), "--out", out.toString(),
                        "--quiet", "--workers", workers.substring(0, 1)), withEnv, Math.max(1, rounds - 1));
                double bareS = median(runs[0]);
                double cliS = median(runs[1]);
                bench.table().add("CLI", "20 photos, wall: bare program → flowrun run, " + workers.substring(0, 1)
                                + " worker" + (workers.equals("1") ? "" : "s") + (notSpinning
                                ? ", threads not spinning (`FLOWRUN_BG_MODEL_SPINNING=false`)" : "")
                                + " (load average " + Machine.loadAverage() + ")",
                        String.format("%.1f s → %.1f s: %s (peak RSS %d → %d MB; CPU per photo %.2f → %.2f s)",
                                bareS, cliS, ResultTable.ratio(cliS / bareS), runs[0][0].rssMb(), runs[1][0].rssMb(),
                                medianCpu(runs[0]) / photos.size(), medianCpu(runs[1]) / photos.size()), "≤ 1×",
                        cliS <= bareS);
            }
        }
        if (parts.contains("start")) {
            for (boolean withModel : new boolean[] {false, true}) {
                double[] ms = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    ms[r] = untilListening(bench.jar(), data, withModel ? model : null);
                }
                bench.table().add("CLI", "service start to `listening`, " + (withModel ? "with" : "without")
                        + " the model", String.format("%.2f s", Machine.median(ms) / 1000), "", true);
            }
        }
    }

    /** The archive is made in the background after the first run: the turns start once it is there (or in 2 min). */
    private static void awaitClassArchive(Path cache) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            try (var files = Files.list(cache)) {
                if (files.noneMatch(file -> file.toString().endsWith(".making"))) {
                    break;
                }
            } catch (NoSuchFileException e) {
                break; // FLOWRUN_CLASS_ARCHIVE=off: nothing made
            }
            Thread.sleep(500);
        }
        try (var files = Files.list(cache)) {
            BenchContext.log("class archive: %s", files.map(file -> file.getFileName().toString()).toList());
        } catch (NoSuchFileException e) {
            BenchContext.log("no class archive");
        }
    }

    /**
     * One timed command: wall seconds, peak resident set and CPU seconds (user + system of the whole process): on a
     * shared machine the CPU says what a command costs where its wall says mostly what else was running.
     */
    record Timed(double seconds, long rssKb, double cpuSeconds) {
        long rssMb() {
            return rssKb / 1024;
        }
    }

    private static List<String> with(List<String> command, String... more) {
        List<String> out = new ArrayList<>(command);
        out.addAll(List.of(more));
        return out;
    }

    private static List<String> bare(Path model, Path out, List<Path> photos) {
        List<String> command = new ArrayList<>(List.of("java", "-cp", System.getProperty("java.class.path"),
                BareCutout.class.getName(), model.toString(), out.toString()));
        photos.forEach(p -> command.add(p.toString()));
        return command;
    }

    /** Each command in turns, {@code rounds} times: [0] the first command's, [1] the second's. */
    private static Timed[][] turns(List<String> first, List<String> second, Map<String, String> env, int rounds)
            throws Exception {
        Timed[][] s = new Timed[2][rounds];
        for (int r = 0; r < rounds; r++) {
            s[0][r] = time(first, Map.of());
            s[1][r] = time(second, env);
        }
        return s;
    }

    /** Wall time and peak RSS ({@code /usr/bin/time}) of one command, logged with the load average. */
    private static Timed time(List<String> command, Map<String, String> env) throws Exception {
        int out = command.indexOf("--out");
        if (out >= 0) { // a fresh output folder each time: the same outputs written again, not skipped or renamed
            ShotImages.deleteTree(Path.of(command.get(out + 1)));
        }
        List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-f", "peak-rss-kb %M cpu-s %U %S"));
        timed.addAll(command);
        String load = Machine.loadAverage();
        long t0 = System.nanoTime();
        String output = run(timed, env);
        double seconds = (System.nanoTime() - t0) / 1e9;
        String[] usage = output.lines().filter(l -> l.startsWith("peak-rss-kb ")).reduce((a, b) -> b)
                .orElseThrow(() -> new IllegalStateException("no peak RSS in: " + output)).split(" ");
        long rss = Long.parseLong(usage[1]);
        double cpu = Double.parseDouble(usage[3]) + Double.parseDouble(usage[4]);
        String last = output.lines().filter(l -> !l.startsWith("peak-rss-kb ")).reduce((a, b) -> b).orElse("");
        BenchContext.log("%.2f s, CPU %.2f s, peak RSS %d MB, load average %s → %s: %s; %s", seconds, cpu, rss / 1024,
                load, Machine.loadAverage(), command.contains("-jar") ? "flowrun run" : "bare program", last);
        return new Timed(seconds, rss, cpu);
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

    private static double median(Timed[] values) {
        return Machine.median(java.util.Arrays.stream(values).mapToDouble(Timed::seconds).toArray());
    }

    private static double medianCpu(Timed[] values) {
        return Machine.median(java.util.Arrays.stream(values).mapToDouble(Timed::cpuSeconds).toArray());
    }

}
