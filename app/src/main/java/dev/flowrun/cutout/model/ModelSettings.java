package dev.flowrun.cutout.model;

import dev.flowrun.work.Env;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code FLOWRUN_BG_MODEL} (null: the model {@code model fetch} stored, if any), {@code FLOWRUN_BG_MODEL_FAMILY}
 * (null: from the model's input shape; how to feed a model that is neither ISNet nor U²-Net) and
 * {@code FLOWRUN_BG_MODEL_SPINNING} (default true: the model's threads spin while they wait, {@link ModelThreads}).
 */
public record ModelSettings(Path bgModel, ModelFamily family, boolean spinning) {
    public static final List<String> VARIABLES = List.of("FLOWRUN_BG_MODEL", "FLOWRUN_BG_MODEL_FAMILY",
            "FLOWRUN_BG_MODEL_SPINNING");

    public static ModelSettings fromEnv(Env env) {
        return new ModelSettings(env.parsed("FLOWRUN_BG_MODEL", Path::of, refused -> "a file path"),
                env.parsed("FLOWRUN_BG_MODEL_FAMILY", ModelFamily::parse, IllegalArgumentException::getMessage),
                env.bool("FLOWRUN_BG_MODEL_SPINNING", true));
    }
}
