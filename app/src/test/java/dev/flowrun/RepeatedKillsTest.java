package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.ApiClient;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.Reply;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Answered writes after repeated kills (docs/decisions/0001-h2-recovery.md): one data directory started again and again, each life creating a run and being
 * {@code kill -9}ed a moment after the answer. A single kill on a fresh file never lost anything; what lost answered
 * writes was the file's history, once H2 wrote new chunks into the space of old ones (after its retention time,
 * 45 s by default), and recovered from an unclean close to a chunk older than the last commit.
 *
 * <p>In verify: 4 kills with a retention of 2 s, which makes H2 reuse space from the first kill on instead of after
 * 45 s (without H2Recovery, a run was lost at the first or second kill, in each of 4 tries of 4 kills; each life is a
 * JVM start, about five seconds of CPU). On demand, the long variants: {@code -Dflowrun.kills.starts=20}, and with H2's default retention
 * {@code -Dflowrun.kills.starts=40 -Dflowrun.kills.url=';RETENTION_TIME=45000'} (appended to the H2 URL; without
 * H2Recovery, a run was lost at the 7th kill, 61 s in). {@code -Dflowrun.kills.keep=DIR} keeps the file each kill
 * left, {@code -Dflowrun.kills.seed=N} repeats the kill delays.
 */
class RepeatedKillsTest {
    private static final Duration START = Duration.ofSeconds(90);

    @TempDir
    Path temp;

    @Test
    void answeredRunsSurviveRepeatedKillsOnOneDataDirectory() throws IOException {
        int starts = Integer.getInteger("flowrun.kills.starts", 4);
        String extra = System.getProperty("flowrun.kills.url", ";RETENTION_TIME=2000");
        long seed = Long.getLong("flowrun.kills.seed", System.nanoTime());
        Random random = new Random(seed);
        String keep = System.getProperty("flowrun.kills.keep");
        Path data = temp.resolve("data");
        Map<String, String> env = Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", data.toString(),
                "FLOWRUN_DB_URL", "jdbc:h2:file:" + data.resolve("flowrun") + ";DB_CLOSE_ON_EXIT=FALSE" + extra,
                "FLOWRUN_API_KEY", TestApp.API_KEY, "FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true");
        String where = "seed " + seed + ", URL settings '" + extra + "'";

        long workflowId = -1;
        List<Long> answered = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        int recovered = 0;
        long began = System.nanoTime();
        // One start more than kills, stopped cleanly, and one after it: a clean stop must keep what the kills kept.
        for (int start = 1; start <= starts + 2 && lost.isEmpty(); start++) {
            if (keep != null && start > 1) {
                // For a look at what the last process left, before the next start recovers from it.
                Files.copy(data.resolve("flowrun.mv.db"), Files.createDirectories(Path.of(keep))
                        .resolve("before-start-" + start + ".mv.db"), StandardCopyOption.REPLACE_EXISTING);
            }
            MainProcess process = MainProcess.start(env);
            try (ApiClient api = new ApiClient("http://localhost:" + process.awaitListening(START))) {
                // Every run answered so far, not only the last: a recovery that fell back further shows here too.
                for (int kill = 1; kill <= answered.size(); kill++) {
                    long runId = answered.get(kill - 1);
                    if (api.get("/workflows/runs/" + runId).status() != 200) {
                        lost.add("run " + runId + " (answered before kill " + kill + "), missing at start " + start
                                + String.format(" (%.0f s in, file %,d bytes)", (System.nanoTime() - began) / 1e9,
                                        Files.size(data.resolve("flowrun.mv.db"))));
                    }
                }
                if (process.stdout().contains("where H2 would have opened version")) {
                    recovered++;
                }
                if (start > starts || !lost.isEmpty()) {
                    continue;
                }
                if (workflowId < 0) {
                    workflowId = created(api.post("/workflows", TestWorkflow.passThrough().json()));
                }
                // A URL that fails at once: the run is also worked on and finished before the kill, as in the soak.
                answered.add(created(api.post("/workflows/" + workflowId + "/runs",
                        "{\"inputs\": {\"in\": {\"files\": [{\"url\": \"http://127.0.0.1:9/a.png\"}]}}}")));
                // The kill 0.1 to 0.9 s after the answer, as in the soak: sometimes while the run is worked on.
                sleep(100 + random.nextInt(800));
            } finally {
                if (start > starts || !lost.isEmpty()) {
                    process.close();
                } else {
                    process.kill();
                }
            }
        }
        System.out.printf("RepeatedKillsTest: %d kills, %d starts recovered commits H2 would have lost, %.0f s (%s)%n",
                starts, recovered, (System.nanoTime() - began) / 1e9, where);
        assertThat(lost).as("answered runs lost over %d kills (%s)", starts, where).isEmpty();
    }

    /** The id of what an answered create made. */
    private static long created(Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isBetween(200, 299);
        return reply.json().path("id").asLong();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
