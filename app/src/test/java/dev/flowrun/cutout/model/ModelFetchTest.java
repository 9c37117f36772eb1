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
                A.length + B.length + C.length, "test.onnx");
        assertThatThrownBy(() -> ModelFetcher.assemble(whole, pinnedOther, dir))
                .isInstanceOf(IOException.class).hasMessageContaining("sha256");
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void isnetIsPinnedToTheHashesOfItsPackageAndModel() {
        assertThat(NpmModel.named("ISNet")).contains(NpmModel.ISNET);
        assertThat(NpmModel.ISNET.integrity()).startsWith("sha512-");
        assertThat(NpmModel.ISNET.sha256()).matches("[0-9a-f]{64}");
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
        return new NpmModel("test", "p", "u", "i", "/models/medium", sha256(whole), whole.length, "test.onnx");
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
