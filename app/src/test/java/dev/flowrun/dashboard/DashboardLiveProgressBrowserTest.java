package dev.flowrun.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.Browser;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/** A run's page follows the run's live events: its progress moves with no request for the run in between. */
class DashboardLiveProgressBrowserTest {
    private static final String COUNT_RUN_READS = """
            window.runReads = 0;
            window.progressAtReads = [];
            const original = window.fetch;
            window.fetch = (url, init) => {
              if (String(url).startsWith('/workflows/runs/' + arguments[0] + '?')) {
                window.runReads++;
                window.progressAtReads.push(document.getElementById('run-progress-text').textContent);
              }
              return original(url, init);
            };""";
    /** The bar's text at each read of the run: a read made while it still showed the start would be a poll. */
    private static final String PROGRESS_AT_READS = "return window.progressAtReads;";
    private static final String PROGRESS_AND_READS =
            "return [document.getElementById('run-progress-text').textContent, window.runReads];";

    @Test
    @SuppressWarnings("unchecked")
    void progressMovesWithTheRunsEventsNotByPolling() {
        try (TestApp app = TestApp.start(); Browser browser = Browser.start();
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long workflowId = Runs.template(app, "Remove background");
            long runId = Runs.create(app, workflowId, IntStream.range(0, 4).mapToObj(i -> files.heldUrl("/red.png"))
                    .toList());
            Await.until("two items downloading", Duration.ofSeconds(10), () -> files.heldRequests() == 2);
            browser.signIn(app.baseUrl(), TestApp.API_KEY);
            browser.open(app.baseUrl() + "/#/runs/" + runId);
            browser.await("the run's page", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("running: 0 of 4 done"));
            browser.script(COUNT_RUN_READS, runId);

            files.release();
            List<?> moved = browser.await("the bar to move", d -> {
                List<?> seen = (List<?>) browser.script(PROGRESS_AND_READS);
                return seen.get(0).equals("running: 0 of 4 done") ? null : seen;
            });
            // The four items may finish at once, and the page reads the run once its last event came: a read may
            // follow the move, never come before it.
            assertThat((List<Object>) browser.script(PROGRESS_AT_READS)).as("the bar at each read of the run, moved to "
                    + moved).doesNotContain("running: 0 of 4 done");

            browser.await("the run to complete", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("completed: 4 of 4 done"));
            browser.await("its items to be shown done", d -> d.findElements(By.cssSelector(".item.status-completed"))
                    .size() == 4);
            long reads = (Long) ((List<?>) browser.script(PROGRESS_AND_READS)).get(1);
            assertThat(reads).as("reads of the run while it ran (items, every 2 s at most, and the last)")
                    .isBetween(1L, 4L);
        }
    }
}
