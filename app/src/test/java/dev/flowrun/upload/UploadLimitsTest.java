package dev.flowrun.upload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.StreamingPost;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Upload limits (README, Limits): 50 MiB an image, 1 GiB an archive, 10,000 files a request. Over one, 413 as soon as it
 * is passed, and nothing of the request is kept; nor of one whose client goes away mid-body.
 */
class UploadLimitsTest {
    static final long MIB = 1 << 20;
    static final String BEARER = "Bearer " + TestApp.API_KEY;
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    static long workflow;

    @BeforeAll
    static void start() {
        workflow = TestWorkflow.passThrough().create(app);
    }

    /** This test's data directory holds some 170 MB of generated files: not left behind in /tmp. */
    @AfterAll
    static void stop() throws IOException {
        try (Stream<Path> paths = Files.walk(app.dataDir())) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void anImageOverFiftyMibIs413AndNothingOfTheRequestIsKept() {
        List<Path> before = storedFiles();
        long runs = runCount();
        FormBody form = new FormBody().file("file", "small.png", Zips.png(1))
                .file("file", "huge.png", Zips.png(2), 50 * MIB + 1);
        Reply reply = send("/workflows/" + workflow + "/runs", form);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(413);
        assertThat(reply.errorCode()).isEqualTo("payload_too_large");
        assertThat(reply.json().path("error").path("message").asText()).contains("huge.png").contains("50 MiB");
        assertThat(storedFiles()).isEqualTo(before);
        assertThat(runCount()).isEqualTo(runs);
        FormBody exactly = new FormBody().file("file", "limit.png", Zips.png(3), 50 * MIB);
        assertThat(send("/workflows/" + workflow + "/runs", exactly).status()).as("50 MiB itself is allowed").isEqualTo(200);
    }

    @Test
    void anUploadTellsAnArchiveFromAnImageByItsFirstBytes() {
        byte[] zipStart = Zips.builder().add("a.png", Zips.png(4)).build();
        Reply archive = send("/uploads", new FormBody().file("file", "big.zip", zipStart, 60 * MIB));
        assertThat(archive.status()).as(archive.toString()).isEqualTo(201);
        List<Path> before = storedFiles();
        Reply image = send("/uploads", new FormBody().file("file", "a.png", Zips.png(5))
                .file("file", "big.zip.png", Zips.png(6), 60 * MIB));
        assertThat(image.status()).as(image.toString()).isEqualTo(413);
        assertThat(storedFiles()).as("the first file of the refused request is not kept either").isEqualTo(before);
    }

    @Test
    void moreThanTenThousandFilesIs413() {
        FormBody form = new FormBody();
        for (int i = 0; i <= 10_000; i++) {
            form.file("file", i + ".png", new byte[] {1});
        }
        List<Path> before = storedFiles();
        Reply reply = send("/uploads", form);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(413);
        assertThat(reply.json().path("error").path("message").asText()).contains("10000");
        assertThat(storedFiles()).isEqualTo(before);
    }

    @Test
    void anUploadCutMidBodyLeavesNothingBehind() {
        List<Path> before = storedFiles();
        long runs = runCount();
        FormBody form = new FormBody().file("file", "cut.png", Zips.png(7), 40 * MIB);
        StreamingPost.cut(app.app().port(), "/workflows/" + workflow + "/runs", BEARER, form.contentType(),
                form.length(), form.stream(), 8 * MIB, () -> Await.until("the part to arrive on disk",
                        Duration.ofSeconds(60), () -> storedFiles().size() > before.size()));
        Await.until("the received part to be deleted", Duration.ofSeconds(90), () -> storedFiles().equals(before));
        assertThat(runCount()).isEqualTo(runs);
    }

    private static long runCount() {
        return app.get("/workflows/runs").json().path("total").asLong();
    }

    private static Reply send(String path, FormBody form) {
        return StreamingPost.send(app.app().port(), path, BEARER, form.contentType(), form.length(), form.stream());
    }

    /**
     * Every file a request can leave in the store: received parts (tmp/) and uploads. A refused create leaves no run,
     * which the tests check by the run count: the runs/ folders of other tests' runs fill in the background.
     */
    static List<Path> storedFiles() {
        Path root = app.dataDir().resolve("files");
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && !root.relativize(file).startsWith("runs")) {
                        found.add(root.relativize(file));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        found.sort(null);
        return found;
    }
}
