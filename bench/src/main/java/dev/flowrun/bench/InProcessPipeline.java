package dev.flowrun.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.IdleHeap;
import dev.flowrun.Json;
import dev.flowrun.auth.AuthService;
import dev.flowrun.cutout.model.ModelBackgroundRemover;
import dev.flowrun.cutout.model.ModelThreads;
import dev.flowrun.cutout.model.SegmentationModel;
import dev.flowrun.db.Database;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.nodes.OutputNode;
import dev.flowrun.nodes.TransformNode;
import dev.flowrun.workflow.Graph;
import dev.flowrun.workflow.GraphNode;
import dev.flowrun.workflow.GraphParser;
import dev.flowrun.workflow.Templates;
import dev.flowrun.workflow.Workflow;
import dev.flowrun.workflow.WorkflowService;
import java.awt.image.BufferedImage;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A template's node pipeline called directly on files: decode, each node in turn, encode to a file. No HTTP, no
 * database, no download, no node-state records: the work the service cannot avoid, as the yardstick for it.
 * {@link #main} runs it in a fresh JVM with the same (default) options as the server, so both start from the same
 * heap and garbage collector state, warms it up by the same rule ({@link SteadyState}) and measures one pass over
 * the folder: {@code <template> <folder of images> <workers>}; prints {@code <items per second> <CPU seconds per
 * item> <JIT share of that CPU> <warm-up passes> <JIT share of the last warm-up pass> <first pass items/s>}, then a
 * line of its CPU per item by kind of thread (its workers' threads have ended by then and are left out) and in the
 * kernel.
 */
final class InProcessPipeline {
    /**
     * {@code --turns <template> <folder> <workers>}: one JVM for a whole comparison, told what to do on its standard
     * input, one line at a time: {@code warm N} runs warm-up pass N (the caller measures its CPU from outside) and
     * answers {@code done}; {@code measure} runs one pass over the folder and answers {@code measured <items per
     * second> <CPU seconds per item> <JIT share of that CPU>}, then {@code threads <its CPU per item by kind of
     * thread, and in the kernel>}. It ends with its input.
     */
    static final String TURNS = "--turns";

    public static void main(String[] args) throws Exception {
        if (args[0].equals(TURNS)) {
            takeTurns(args[1], Path.of(args[2]), Integer.parseInt(args[3]));
            return;
        }
        List<Path> files = images(Path.of(args[1]));
        int threads = Integer.parseInt(args[2]);
        // A fourth argument names a segmentation model, loaded as the service loads it (ModelPhase).
        NodeCatalogue catalogue = args.length > 3 ? NodeCatalogue.standard(new ModelBackgroundRemover(
                SegmentationModel.load(Path.of(args[3]), null, ModelThreads.of(
                        Runtime.getRuntime().availableProcessors())))) : NodeCatalogue.standard();
        InProcessPipeline pipeline = ofTemplate(args[0], catalogue);
        Path out = Files.createTempDirectory("in-process-out");
        try {
            long self = ProcessHandle.current().pid();
            // With a model an item costs a second or more and the JIT's share is small from the start: a few
            // items warm it (ModelPhase warms the service the same way).
            SteadyState.Warmup warmup = args.length > 3
                    ? new SteadyState.Warmup(1, 0, pipeline.itemsPerSecond(files.subList(0, ModelPhase.WARMUP),
                    threads, out))
                    : SteadyState.warm(self, pass -> pipeline.itemsPerSecond(
                    rotate(files, pass * SteadyState.PASS).subList(0, SteadyState.PASS), threads, out));
            String[] measured = pipeline.measure(files, threads, out);
            System.out.println(measured[0] + " " + warmup.passes() + " " + warmup.compilerShare() + " "
                    + warmup.firstItemsPerSecond());
            System.out.println(measured[1]);
        } finally {
            ShotImages.deleteTree(out);
        }
    }

    private static void takeTurns(String template, Path folder, int threads) throws Exception {
        // It pauses while the service takes its turn, as the service pauses during its own: its heap is kept the
        // same way, or G1 would count the pauses as marking time here and not there (IdleHeap).
        IdleHeap.asTheServiceDoes();
        List<Path> files = images(folder);
        InProcessPipeline pipeline = ofTemplate(template, NodeCatalogue.standard());
        Path out = Files.createTempDirectory("in-process-out");
        var commands = new BufferedReader(new InputStreamReader(System.in));
        try {
            System.out.println("ready");
            System.out.flush();
            for (String command; (command = commands.readLine()) != null; ) {
                if (command.startsWith("warm ")) {
                    int pass = Integer.parseInt(command.substring("warm ".length()));
                    pipeline.itemsPerSecond(rotate(files, pass * SteadyState.PASS).subList(0, SteadyState.PASS),
                            threads, out);
                    System.out.println("done");
                } else if (command.equals("measure")) {
                    String[] measured = pipeline.measure(files, threads, out);
                    System.out.println("measured " + measured[0]);
                    System.out.println("threads " + measured[1]);
                } else {
                    throw new IllegalArgumentException("unknown command: " + command);
                }
                System.out.flush();
            }
        } finally {
            ShotImages.deleteTree(out);
        }
    }

    private static List<Path> images(Path folder) throws IOException {
        try (var listing = Files.list(folder)) {
            return listing.filter(p -> p.toString().endsWith(".jpg") || p.toString().endsWith(".png")).sorted()
                    .toList();
        }
    }

    /** The list started at {@code from} (modulo its size) and wrapped around, so warm-up passes vary their files. */
    static <T> List<T> rotate(List<T> list, int from) {
        int at = from % list.size();
        List<T> rotated = new ArrayList<>(list.subList(at, list.size()));
        rotated.addAll(list.subList(0, at));
        return rotated;
    }

    private final Graph graph;

    private InProcessPipeline(Graph graph) {
        this.graph = graph;
    }

    /** The template exactly as the service stores it, read through the service's own code from a scratch database. */
    static InProcessPipeline ofTemplate(String name, NodeCatalogue catalogue) {
        ObjectMapper mapper = Json.mapper();
        try (Database database = Database.open("jdbc:h2:mem:templates-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", 2)) {
            new AuthService(database.jdbi(), new Templates(mapper), Clock.systemUTC()).bootstrap("fr_template_reader");
            var workflows = new WorkflowService(database.jdbi(), mapper, new GraphParser(catalogue),
                    Clock.systemUTC());
            for (Workflow workflow : workflows.list(1)) {
                if (workflow.name().equals(name)) {
                    return new InProcessPipeline(workflows.load(1, workflow.id()).graph());
                }
            }
        }
        throw new IllegalStateException("no template named " + name);
    }

    /**
     * One measured pass over {@code files}: {@code <items per second> <CPU seconds per item> <JIT share of that
     * CPU>}, then its CPU per item by kind of thread (its workers' threads have ended by then and are left out) and
     * in the kernel.
     */
    String[] measure(List<Path> files, int threads, Path outDir) throws Exception {
        long self = ProcessHandle.current().pid();
        double cpuBefore = ProcessCpu.seconds(self);
        double compilersBefore = ProcessCpu.compilerSeconds(self);
        var threadsBefore = ProcessCpu.threads(self);
        double systemBefore = ProcessCpu.systemSeconds(self);
        double rate = itemsPerSecond(files, threads, outDir);
        double cpu = ProcessCpu.seconds(self) - cpuBefore;
        return new String[] {rate + " " + cpu / files.size() + " "
                + (ProcessCpu.compilerSeconds(self) - compilersBefore) / cpu,
                String.format("%s; in the kernel %.1f", ProcessCpu.msPerItemByThreadKind(threadsBefore,
                        ProcessCpu.threads(self), files.size()),
                        (ProcessCpu.systemSeconds(self) - systemBefore) * 1000 / files.size())};
    }

    /** Items per second over {@code files} on {@code threads} threads, like the service's workers. */
    double itemsPerSecond(List<Path> files, int threads, Path outDir) throws Exception {
        Files.createDirectories(outDir);
        ImageDecoder decoder = new ImageDecoder(50_000_000);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(pool.submit(() -> {
                    for (int i; (i = next.getAndIncrement()) < files.size(); ) {
                        Path file = files.get(i);
                        BufferedImage image = decoder.decode(file);
                        for (GraphNode input : graph.inputNodes()) {
                            flowDown(input, image, outDir.resolve(i + "-"));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        double rate = files.size() / ((System.nanoTime() - start) / 1e9);
        // Ended before the caller reads CPU by thread: its line leaves the workers out (a JVM kept for turns
        // measures its next pass with these threads gone).
        pool.awaitTermination(10, TimeUnit.SECONDS);
        return rate;
    }

    private void flowDown(GraphNode parent, BufferedImage image, Path outPrefix) throws Exception {
        for (GraphNode node : graph.children(parent.id())) {
            if (node.compiled() instanceof TransformNode transform) {
                flowDown(node, transform.apply(image), outPrefix);
            } else if (node.compiled() instanceof OutputNode output) {
                Path file = outPrefix.resolveSibling(outPrefix.getFileName() + node.id() + "." + output.extension());
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
                    output.write(image, out);
                }
            }
        }
    }
}
