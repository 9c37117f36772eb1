package dev.flowrun.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.ApiClient;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.awt.Color;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory follows what runs, not the length of the workflow (contract §6): the service with a 256 MB heap (G1, as
 * {@code java -jar} runs it) takes a 12-node chain over a 6-megapixel photo, several runs at once, each item holding
 * its photo and the image of the node running, not an image per node. The same proportions as a 24-megapixel photo
 * under {@code -Xmx1g}: a walk that kept every node's image would need 12 × 24 MB here and run out of heap.
 */
class LongChainMemoryTest {
    /** As many as the workers: the most items held at once; a third run would only wait for one of them. */
    private static final int RUNS = 2;

    @TempDir
    Path temp;

    @Test
    void aTwelveNodeChainOverALargePhotoCompletesInASmallHeapSeveralAtOnce() {
        TestWorkflow chain = TestWorkflow.named("twelve nodes").input("in");
        for (int i = 1; i <= 12; i++) {
            switch (i % 3) {
                case 1 -> chain.node("n" + i, "rotate", "{\"degrees\": 90}");
                case 2 -> chain.node("n" + i, "flip", "{\"direction\": \"horizontal\"}");
                default -> chain.node("n" + i, "grayscale", "{}");
            }
        }
        chain.output("out", "{\"format\": \"jpeg\"}").chain();
        byte[] photo = Images.encode(Images.disc(3000, 2000, Color.WHITE, Color.RED), "jpeg");
        Map<String, String> env = Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", temp.resolve("data").toString(),
                "FLOWRUN_API_KEY", TestApp.API_KEY, "FLOWRUN_WORKERS", "2", "FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
        try (FileServer files = new FileServer().serve("/photo.jpg", photo);
             MainProcess service = MainProcess.start(env, List.of("-Xmx256m", "-XX:-UseSerialGC", "-XX:+UseG1GC"));
             ApiClient api = new ApiClient("http://127.0.0.1:" + service.awaitListening(Duration.ofSeconds(90)))) {
            long workflow = chain.create(api);
            List<Long> runs = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                Reply created = api.post("/workflows/" + workflow + "/runs", "{\"inputs\": {\"in\": {\"files\": [{\"url\": \""
                        + files.url("/photo.jpg") + "\"}]}}}");
                assertThat(created.status()).as(created.toString()).isEqualTo(200);
                runs.add(created.json().path("id").asLong());
            }
            for (long run : runs) {
                JsonNode ended = Await.until("run " + run + " to end", Duration.ofSeconds(240),
                        () -> api.get("/workflows/runs/" + run).json(),
                        r -> Runs.TERMINAL.contains(r.path("status").asText()));
                assertThat(ended.path("status").asText()).as(ended + "\n" + service.stdout()).isEqualTo("completed");
            }
            assertThat(service.stdout() + service.stderr()).doesNotContain("OutOfMemoryError");
        }
    }
}
