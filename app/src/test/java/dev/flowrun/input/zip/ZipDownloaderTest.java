package dev.flowrun.input.zip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import dev.flowrun.net.LazyClient;
import dev.flowrun.support.FileServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.stream.Stream;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive download over real HTTP, with a 1 MiB limit instead of the real 1 GiB. */
class ZipDownloaderTest {
    static final long LIMIT = 1 << 20;
    @TempDir
    Path dir;
    DirectoryStore store;
    FileServer server;
    OkHttpClient client;
    ZipDownloader downloader;

    @BeforeEach
    void start() {
        store = new DirectoryStore(dir.resolve("files"));
        server = new FileServer();
        client = new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(10)).build();
        downloader = new ZipDownloader(LazyClient.of(() -> client), store, LIMIT);
    }

    @AfterEach
    void stop() {
        server.close();
        client.dispatcher().executorService().shutdown();
    }

    static byte[] random(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    ZipFailure failure(String url) {
        Throwable thrown = catchThrowable(() -> downloader.download(url, "runs/1/zip/archive.zip", StopCheck.NEVER));
        assertThat(thrown).isInstanceOf(ZipFailure.class);
        assertThat(((ZipFailure) thrown).code()).isEqualTo(ZipFailure.DOWNLOAD_FAILED);
        return (ZipFailure) thrown;
    }

    long storedFiles() throws IOException {
        try (Stream<Path> files = Files.walk(store.root())) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    @Test
    void anArchiveUpToTheLimitIsStoredWhole() throws Exception {
        byte[] bytes = random((int) LIMIT);
        server.serveChunked("/a.zip", bytes);
        assertThat(downloader.download(server.url("/a.zip"), "runs/1/zip/archive.zip", StopCheck.NEVER)).isEqualTo(LIMIT);
        assertThat(Files.readAllBytes(store.path("runs/1/zip/archive.zip"))).isEqualTo(bytes);
    }

    @Test
    void anArchiveOverTheLimitIsRefusedWhileStreamingAndNothingIsKept() throws Exception {
        server.serveChunked("/big.zip", random((int) LIMIT + 1));
        assertThat(failure(server.url("/big.zip")).getMessage()).contains("larger than the limit of 1 MiB");
        assertThat(storedFiles()).isZero();
    }

    @Test
    void anArchiveDeclaringMoreThanTheLimitIsRefusedOnItsHeader() throws Exception {
        server.serveDeclaringLength("/huge.zip", random(1000), 5L << 30);
        assertThat(failure(server.url("/huge.zip")).getMessage()).contains("larger than the limit");
        assertThat(storedFiles()).isZero();
    }

    @Test
    void aNon2xxAnswerFailsWithItsStatusAndWithoutTheQueryString() {
        ZipFailure failure = failure(server.url("/missing.zip?X-Amz-Signature=secret-token"));
        assertThat(failure.getMessage()).contains("HTTP 404").contains("/missing.zip").doesNotContain("secret-token");
    }

    @Test
    void anUnreachableHostFails() throws Exception {
        int closedPort;
        try (var socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        assertThat(failure("http://127.0.0.1:" + closedPort + "/a.zip").getMessage()).contains("failed");
    }

    @Test
    void aStopWhileDownloadingIsNotAFailureOfTheArchive() throws Exception {
        server.serveChunked("/a.zip", random((int) LIMIT - 1));
        Throwable thrown = catchThrowable(() -> downloader.download(server.url("/a.zip"), "runs/1/zip/archive.zip",
                () -> {
                    throw new ZipStopped("cancelled");
                }));
        assertThat(thrown).isInstanceOf(ZipStopped.class);
        assertThat(storedFiles()).isZero();
    }
}
