package dev.flowrun.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code flowrun run WORKFLOW PATH…}: a folder of photos through a workflow, outputs into a folder. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a saved workflow (its id or its name, templates included) over files, folders (read"
                + " recursively, images recognised by their content) and zip archives, and writes each item's outputs"
                + " into a folder that mirrors the inputs.",
                "Runs on this machine (the data directory and settings the service would use; the run is recorded"
                        + " and seen in the dashboard) unless --server is given.",
                "Exit status: 0 all completed, 1 some failed, 2 usage or configuration error, 130 interrupted"
                        + " (Ctrl-C cancels the run)."},
        footer = {"", "Example: java -jar flowrun.jar run \"Remove background\" photos/ --out cutouts/"})
final class RunCommand implements Callable<Integer> {
    enum Layout { preserve, flatten }

    /** A run's priority (contract, Runs: Priority): items of higher runs start first. */
    enum Priority { high, normal, low }

    @Parameters(index = "0", paramLabel = "WORKFLOW", description = "The workflow's id or name.")
    String workflow;

    @Parameters(index = "1..*", arity = "1..*", paramLabel = "PATH", description = "Files, folders and zip archives.")
    List<Path> paths;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the outputs go (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("flowrun-out");

    @Option(names = "--layout", paramLabel = "preserve|flatten",
            description = "Keep the inputs' folders (default) or put every output at the folder's root.")
    Layout layout = Layout.preserve;

    @Option(names = "--workers", paramLabel = "N", description = "Items processed at once on this machine"
            + " (default: FLOWRUN_WORKERS, else the number of cores).")
    Integer workers;

    @Option(names = "--skip-existing", description = "Leave out inputs whose outputs are already in DIR.")
    boolean skipExisting;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(names = "--webhook", paramLabel = "URL", description = "An https:// URL told when the run finishes.")
    String webhook;

    @Option(names = "--priority", paramLabel = "high|normal|low",
            description = "The run's priority: items of higher runs start first (default normal).")
    Priority priority = Priority.normal;

    @Option(names = "--quiet", description = "Only failed items and the summary.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        if (workers != null && workers < 1) {
            throw new UsageError("--workers must be at least 1");
        }
        // The model loads while the inputs are listed and the logging, JSON and database are set up.
        LocalTarget.Early early = server.early(System.getenv(), workers);
        try {
            Inputs inputs = Inputs.of(paths);
            if (inputs.images.size() > 10_000) {
                throw new UsageError(inputs.images.size() + " images: a run takes at most 10,000; split the folder");
            }
            Cli.quietLogs();
            LocalTarget.Early handed = early;
            early = null; // the target owns it from here, started or not
            return run(inputs, server.open(handed, Json.mapper()));
        } finally {
            if (early != null) {
                early.abandon();
            }
        }
    }

    private int run(Inputs inputs, Target opened) throws Exception {
        try (Target target = opened) {
            JsonNode found = Workflows.find(target.workflows(), workflow);
            OutputFolder folder = new OutputFolder(out.toAbsolutePath().normalize(), layout == Layout.flatten, found);
            List<InputFile> todo = skipExisting
                    ? inputs.images.stream().filter(input -> !folder.hasOutputsOf(input)).toList()
                    : inputs.images;
            String skipped = describeSkipped(inputs, inputs.images.size() - todo.size());
            if (todo.isEmpty() && inputs.unreadable.isEmpty()) {
                System.out.println("flowrun: nothing to run" + (inputs.images.isEmpty() ? ": no images in "
                        + paths : "") + skipped);
                return 0;
            }
            FormBody form = new FormBody(todo).field("zipLayout", layout.name()).field("webhookUrl", webhook)
                    .field("priority", priority.name());
            return new RunFollower(target, folder, todo, inputs.unreadable, System.console() != null, quiet,
                    new ReviewList(folder.root(), skipExisting))
                    .run(found.path("id").asLong(), found.path("name").asText(), form, skipped);
        }
    }

    private static String describeSkipped(Inputs inputs, int existing) {
        String text = "";
        if (existing > 0) {
            text += "; " + existing + " already done (--skip-existing)";
        }
        if (inputs.notImages > 0) {
            text += "; " + inputs.notImages + " file(s) left out, not images";
        }
        return text;
    }
}
