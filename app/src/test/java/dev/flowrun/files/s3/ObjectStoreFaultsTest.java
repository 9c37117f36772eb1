package dev.flowrun.files.s3;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.files.StorageConfig;
import dev.flowrun.support.Await;
import dev.flowrun.support.FaultyStoreProxy;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.FormBody;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.S3ProxyServer;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import dev.flowrun.support.Zips;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.ZipInputStream;
import okhttp3.Request;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that fails one request in ten (a 503 SlowDown, a 500 InternalError or a reset connection, in turn, from a
 * proxy between flowrun and S3Proxy): every request that can be retried is, and nothing is lost or corrupted: the
 * store's calls each succeed, a run of 40 items completes with every output and the archive byte for byte right,
 * every accepted upload is there, and /health stays 200 throughout, since the store is up.
 */
class ObjectStoreFaultsTest {
    static final int ITEMS = 40;
    static final S3ProxyServer S3 = S3ProxyServer.shared();
    @TempDir Path scratch;
    FaultyStoreProxy proxy;
    TestApp app;
    FileServer files;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
        if (files != null) {
            files.close();
        }
        proxy.close();
    }

    @Test
    void everyCallOfTheStoreSucceedsThroughFaultsAndLargeFilesComeBackTheSame() throws IOException {
        String bucket = S3.newBucket();
        proxy = new FaultyStoreProxy(S3.endpoint()).failEvery(4);
        try (var opened = ObjectStores.open(new StorageConfig(bucket, "f", proxy.endpoint(), "us-east-1", true,
                S3ProxyServer.ACCESS_KEY, S3ProxyServer.SECRET_KEY, null), scratch)) {
            ObjectStore store = opened.store();
            byte[] large = noise(1, ObjectStore.PART_SIZE * 2 + 777);
            for (int i = 0; i < 6; i++) {
                store.write("runs/1/big" + i + ".zip", out -> out.write(large));
                store.write("runs/1/small" + i + ".png", out -> out.write(new byte[] {1, 2, 3}));
                store.link("runs/1/small" + i + ".png", "runs/2/small" + i + ".png");
            }
            for (int i = 0; i < 6; i++) {
                assertThat(store.stat("runs/1/big" + i + ".zip").size()).isEqualTo(large.length);
                try (InputStream in = store.open("runs/1/big" + i + ".zip")) {
                    assertThat(in.readAllBytes()).isEqualTo(large);
                }
                try (InputStream in = store.open("runs/2/small" + i + ".png", 1, 2)) {
                    assertThat(in.readAllBytes()).containsExactly(2, 3);
                }
                store.check();
            }
            assertThat(store.children("runs/1")).hasSize(12);
            store.deleteTree("runs/1");
            assertThat(S3.keys(bucket)).hasSize(6).allMatch(key -> key.startsWith("f/runs/2/"));
            assertThat(S3.client().listMultipartUploads(b -> b.bucket(bucket)).uploads()).as("none left aside").isEmpty();
        }
        List<String> faulted = proxy.faulted();
        assertThat(faulted).as("every kind of fault, on part uploads too").hasSizeGreaterThan(20)
                .anyMatch(line -> line.startsWith("SLOW_DOWN")).anyMatch(line -> line.startsWith("INTERNAL_ERROR"))
                .anyMatch(line -> line.startsWith("RESET")).anyMatch(line -> line.contains("partNumber="));
    }

    @Test
    void aLostAnswerToAnUploadsCompletionOrAPutIsNoFailure() throws IOException {
        String bucket = S3.newBucket();
        proxy = new FaultyStoreProxy(S3.endpoint()).loseAnswers(line -> line.startsWith("POST ")
                && line.contains("?uploadId="), 1);
        try (var opened = ObjectStores.open(new StorageConfig(bucket, "f", proxy.endpoint(), "us-east-1", true,
                S3ProxyServer.ACCESS_KEY, S3ProxyServer.SECRET_KEY, null), scratch)) {
            ObjectStore store = opened.store();
            byte[] large = noise(2, ObjectStore.PART_SIZE + 999);
            store.write("runs/1/big.zip", out -> out.write(large));
            try (InputStream in = store.open("runs/1/big.zip")) {
                assertThat(in.readAllBytes()).isEqualTo(large);
            }
            proxy.loseAnswers(line -> line.startsWith("PUT "), 1);
            store.write("runs/1/small.png", out -> out.write(new byte[] {4, 5}));
            try (InputStream in = store.open("runs/1/small.png")) {
                assertThat(in.readAllBytes()).containsExactly(4, 5);
            }
        }
        assertThat(proxy.faulted()).hasSize(2).allMatch(line -> line.startsWith("LOST_ANSWER"));
    }

    @Test
    void aRunOfFortyItemsCompletesWithEveryOutputAndTheArchiveRightAndNoUploadLost() throws IOException {
        String bucket = S3.newBucket();
        proxy = new FaultyStoreProxy(S3.endpoint()).failEvery(10);
        Map<String, String> env = new HashMap<>(S3.env(bucket, "faulty"));
        env.put("FLOWRUN_S3_ENDPOINT", proxy.endpoint());
        app = TestApp.start(env);
        long workflow = TestWorkflow.passThrough().create(app);
        // Pictures of noise, which no compression shrinks: the zip and the archive (40 × 270 KB) go up in parts.
        Map<String, BufferedImage> pictures = new HashMap<>();
        Zips zip = Zips.builder();
        for (int i = 0; i < ITEMS; i++) {
            BufferedImage picture = noisePicture(i);
            pictures.put(String.format("n%02d.png", i), picture);
            zip.add(String.format("n%02d.png", i), Images.encode(picture, "png"));
        }
        files = new FileServer().serve("/noise.zip", zip.build());

        Reply created = app.post("/workflows/" + workflow + "/runs", "{\"zipUrl\": \"" + files.url("/noise.zip") + "\"}");
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        long runId = created.json().path("id").asLong();
        List<byte[]> uploads = new java.util.ArrayList<>();
        List<String> uploadUrls = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            byte[] bytes = Images.encode(noisePicture(100 + i), "png");
            Reply upload = app.call(new Request.Builder().url(app.baseUrl() + "/uploads")
                    .header("Authorization", "Bearer " + TestApp.API_KEY)
                    .post(new FormBody().file("file", "u" + i + ".png", bytes).requestBody()).build());
            assertThat(upload.status()).as("an upload while the store fails: " + upload).isEqualTo(201);
            uploads.add(bytes);
            uploadUrls.add(upload.json().path("files").get(0).path("url").asText());
            Reply health = app.get("/health");
            assertThat(health.status()).as("the store is up, failing now and then: " + health).isEqualTo(200);
        }

        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(180));
        assertThat(run.path("status").asText()).as(run.toString()).isEqualTo("completed");
        assertThat(run.path("completedItems").asInt()).isEqualTo(ITEMS);
        Map<String, byte[]> outputs = new HashMap<>();
        for (JsonNode item : items(runId)) {
            String name = item.path("uploadInputs").path("in").path("fileName").asText();
            Reply output = fetchAsAClientWould(item.path("outputs").get(0).path("url").asText());
            assertThat(output.status()).as(name + ": " + output).isEqualTo(200);
            assertThat(pixels(Images.decode(output.bytes()))).as(name + "'s output, pixel for pixel")
                    .isEqualTo(pixels(pictures.get(name)));
            outputs.put(name, output.bytes());
        }
        assertThat(outputs).hasSize(ITEMS);
        Reply archive = fetchAsAClientWould(run.path("outputArchiveUrl").asText());
        assertThat(archive.status()).as(archive.toString()).isEqualTo(200);
        Map<String, byte[]> entries = entries(archive.bytes());
        assertThat(entries.keySet()).isEqualTo(outputs.keySet());
        entries.forEach((name, bytes) -> assertThat(bytes).as(name + " in the archive").isEqualTo(outputs.get(name)));
        for (int i = 0; i < uploads.size(); i++) {
            assertThat(fetchAsAClientWould(uploadUrls.get(i)).bytes()).as("upload " + i + ", accepted, is there")
                    .isEqualTo(uploads.get(i));
        }
        assertThat(app.get("/health").status()).isEqualTo(200);
        assertThat(proxy.faulted()).as("the store failed often enough to matter").hasSizeGreaterThan(30)
                .anyMatch(line -> line.startsWith("SLOW_DOWN")).anyMatch(line -> line.startsWith("INTERNAL_ERROR"))
                .anyMatch(line -> line.startsWith("RESET"));
    }

    /**
     * A file URL fetched again after a 503 (its Retry-After), as a client does: a request waits for the store a few
     * seconds at most, and a store's retries (an archive being built through them) can take longer.
     */
    private Reply fetchAsAClientWould(String url) {
        return Await.until(url + " answered", Duration.ofSeconds(90), () -> app.fetch(url),
                reply -> reply.status() != 503 || reply.header("Retry-After") == null);
    }

    private List<JsonNode> items(long runId) {
        JsonNode page = app.get("/workflows/runs/" + runId + "?pageSize=100").json();
        List<JsonNode> items = new java.util.ArrayList<>();
        page.path("items").forEach(items::add);
        return items;
    }

    static BufferedImage noisePicture(int seed) {
        var random = new Random(seed);
        var image = new BufferedImage(300, 300, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        return image;
    }

    static int[] pixels(BufferedImage image) {
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }

    static byte[] noise(int seed, int length) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    static Map<String, byte[]> entries(byte[] zip) throws IOException {
        Map<String, byte[]> entries = new HashMap<>();
        try (var in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (var entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                entries.put(entry.getName(), in.readAllBytes());
            }
        }
        return entries;
    }
}
