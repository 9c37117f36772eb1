package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.cutout.model.Photos;
import dev.flowrun.cutout.model.Photos.Source;
import dev.flowrun.support.MainProcess;
import dev.flowrun.support.TestApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Contract §12, as a person at a terminal meets it, the command run as a process: the summary counts the items whose
 * cut-outs need review and lists them, also in {@code DIR/needs-review.txt} (absent when none does); and
 * {@code workflows} lists the workflows while a service holds the data directory, without {@code --server}.
 */
class ReviewSummaryTest {
    private static final Duration LONG = Duration.ofMinutes(3);
    @TempDir
    Path dir;

    private Map<String, String> env(String reviewBelow) {
        return Map.of("FLOWRUN_DATA_DIR", dir.resolve("data").toString(), "FLOWRUN_API_KEY", TestApp.API_KEY,
                "FLOWRUN_REVIEW_BELOW", reviewBelow);
    }

    private Path photos() throws IOException {
        Path photos = Files.createDirectories(dir.resolve("photos/garden"));
        Files.copy(Photos.get(Source.OPENCV, "data/apple.jpg"), photos.resolve("../apple.jpg"));
        Files.copy(Photos.get(Source.OPENCV, "data/squirrel_cls.jpg"), photos.resolve("squirrel.jpg"));
        return photos.getParent();
    }

    /**
     * Also {@code workflows} while the service that reads the run's items holds the data directory: one service start
     * for both.
     */
    @Test
    void theSummaryCountsAndListsTheCutOutsToReviewAndWorkflowsListsWhileAServiceHoldsTheDataDirectory()
            throws IOException {
        Path photos = photos();
        Path out = dir.resolve("out");
        // Review below 1: every cut-out not perfectly sure needs review (the classic method's on these two).
        MainProcess all = MainProcess.command(env("1"), "run", "Remove background", photos.toString(), "--out",
                out.toString());
        assertThat(all.awaitExit(LONG)).as(all.stdout() + all.stderr()).isZero();
        List<String> flagged = new ArrayList<>();
        Path data = dir.resolve("data");
        try (TestApp service = TestApp.start(Map.of("FLOWRUN_DATA_DIR", data.toString(), "FLOWRUN_DB_URL",
                "jdbc:h2:file:" + data.toAbsolutePath().resolve("flowrun") + ";DB_CLOSE_ON_EXIT=FALSE"))) {
            for (JsonNode item : service.get("/workflows/runs/1").json().path("items")) {
                if (item.path("needsReview").asBoolean()) {
                    String name = item.path("name").asText();
                    flagged.add(name.substring(0, name.lastIndexOf('.')) + ".png");
                }
            }

            assertThat(service.post("/workflows", """
                    {"name": "Mine", "graph": {"nodes": [{"id": "in", "type": "imageInput"},
                      {"id": "out", "type": "output", "data": {"format": "jpeg"}}],
                     "edges": [{"source": "in", "target": "out"}]}}""").status()).isEqualTo(201);
            MainProcess workflows = MainProcess.command(env("0.5"), "workflows");
            assertThat(workflows.awaitExit(LONG)).as(workflows.stdout() + workflows.stderr()).isZero();
            assertThat(workflows.stdout()).contains("Remove background  imageInput → removeBackground → output")
                    .contains("Mine  imageInput → output");
            assertThat(workflows.stderr()).doesNotContain("--server");
            assertThat(service.get("/workflows").status()).as("the service goes on").isEqualTo(200);
        }
        assertThat(flagged).as("items the service marked").isNotEmpty();
        List<String> lines = all.stdout().lines().toList();
        assertThat(lines).anyMatch(line -> line.contains("2 completed, 0 failed, " + flagged.size()
                + " needing review"));
        assertThat(Files.readAllLines(out.resolve("needs-review.txt"))).as("one output a line, from the folder")
                .containsExactlyInAnyOrderElementsOf(flagged);
        for (String path : flagged) {
            assertThat(lines).contains("  " + out.resolve(path));
        }

        // None below 0: the summary says so and the list is gone.
        MainProcess none = MainProcess.command(env("0"), "run", "Remove background", photos.toString(), "--out",
                out.toString(), "--quiet");
        assertThat(none.awaitExit(LONG)).as(none.stdout() + none.stderr()).isZero();
        assertThat(none.stdout()).contains("2 completed, 0 failed, 0 needing review").doesNotContain("needs-review");
        assertThat(out.resolve("needs-review.txt")).doesNotExist();
    }
}
