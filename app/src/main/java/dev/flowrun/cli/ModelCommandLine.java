package dev.flowrun.cli;

import dev.flowrun.cutout.model.ModelCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code flowrun model fetch NAME [--dir DIR]}: the segmentation model, fetched as {@link ModelCommand} does. */
@Command(name = "model", mixinStandardHelpOptions = true, subcommands = ModelCommandLine.Fetch.class,
        description = "Segmentation models for removeBackground.")
final class ModelCommandLine implements Callable<Integer> {
    @Override
    public Integer call() {
        return Cli.fail(2, "usage: flowrun model fetch <name> [--dir <folder>] (flowrun model fetch --help)");
    }

    @Command(name = "fetch", mixinStandardHelpOptions = true,
            description = "Fetches a model into <FLOWRUN_DATA_DIR>/models, where the service finds it, or into DIR.")
    static final class Fetch implements Callable<Integer> {
        @Parameters(paramLabel = "NAME", description = "isnet (the default model) or another known name.")
        String name;

        @Option(names = "--dir", paramLabel = "DIR", description = "Another folder to fetch it into.")
        String dir;

        @Override
        public Integer call() {
            List<String> args = new ArrayList<>(List.of("model", "fetch", name));
            if (dir != null) {
                args.addAll(List.of("--dir", dir));
            }
            return ModelCommand.run(args.toArray(String[]::new), System.getenv(), System.out, System.err);
        }
    }
}
