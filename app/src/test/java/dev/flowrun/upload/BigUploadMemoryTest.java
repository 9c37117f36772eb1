package dev.flowrun.upload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flowrun.support.Await;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Reply;
import dev.flowrun.support.StreamingPost;
import dev.flowrun.support.TestWorkflow;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Uploads are never held whole in memory: the service in a JVM of its own with a 256 MB heap takes a
 * 1 GiB archive in a multipart create. Holding it (or a good part of it) in memory would end in OutOfMemoryError.
 */
class BigUploadMemoryTest {
    private static final String KEY = "fr_big_upload_test_key";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long ALMOST_GIB = (1L << 30) - (1L << 20);

    @Test
    void aOneGibArchiveIsTakenByAServiceWithA256MbHeap() throws Exception {
        Path dataDir = Files.createTempDirectory("flowrun-big-upload");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(javaBin, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                // The service's own logging (standard output), not the tests' file: the port is read from it.
                "dev.flowrun.Main").redirectErrorStream(true);
        builder.environment().put("FLOWRUN_PORT", "0");
        builder.environment().put("FLOWRUN_DATA_DIR", dataDir.toString());
        builder.environment().put("FLOWRUN_API_KEY", KEY);
        builder.environment().put("FLOWRUN_WORKERS", "1");
        Process service = builder.start();
        StringBuilder output = new StringBuilder();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = new Thread(() -> readOutput(service, output, port), "big-upload-output");
        reader.setDaemon(true);
        reader.start();
        try {
            int servicePort = port.get(120, TimeUnit.SECONDS);
            long workflow = createWorkflow(servicePort);
            FormBody form = new FormBody().file("zip", "everything.zip", new byte[] {'P', 'K', 3, 4}, ALMOST_GIB);
            Reply created = StreamingPost.send(servicePort, "/workflows/" + workflow + "/runs", "Bearer " + KEY,
                    form.contentType(), form.length(), form.stream());
            assertThat(created.status()).as(created + "\n" + output).isEqualTo(200);
            long runId = created.json().path("id").asLong();
            // Its reading finds no central directory in a gigabyte of zeros: the archive was read from the store.
            JsonNode run = Await.until("the archive to be read", Duration.ofSeconds(180),
                    () -> get(servicePort, "/workflows/runs/" + runId), r -> "failed".equals(r.path("status").asText()));
            assertThat(run.path("error").path("code").asText()).isEqualTo("zip_invalid");
            assertThat(service.isAlive()).isTrue();
            assertThat(output.toString()).doesNotContain("OutOfMemoryError");
        } finally {
            service.destroy();
            service.waitFor();
            deleteTree(dataDir);
        }
    }

    private static void readOutput(Process service, StringBuilder output, CompletableFuture<Integer> port) {
        Pattern listening = Pattern.compile("listening on port (\\d+)");
        try (var lines = new BufferedReader(new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                Matcher matcher = listening.matcher(line);
                if (matcher.find()) {
                    port.complete(Integer.parseInt(matcher.group(1)));
                }
            }
        } catch (IOException e) {
            port.completeExceptionally(e);
        }
        port.completeExceptionally(new AssertionError("the service stopped before listening:\n" + output));
    }

    private static long createWorkflow(int port) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/workflows")).header("Authorization", "Bearer " + KEY)
                .POST(HttpRequest.BodyPublishers.ofString(TestWorkflow.passThrough().json()))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return MAPPER.readTree(response.body()).path("id").asLong();
    }

    private static JsonNode get(int port, String path) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + path)).header("Authorization", "Bearer " + KEY).build(),
                    HttpResponse.BodyHandlers.ofString());
            return MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
