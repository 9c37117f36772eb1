package dev.flowrun.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.Await;
import dev.flowrun.support.Browser;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * Pause, resume and priority in the dashboard: a run's page pauses and resumes it through the API and shows the
 * mark and the priority; the runs list shows both; a run created on the new-run page with a priority has it.
 */
class DashboardPauseBrowserTest {
    @Test
    void aRunIsPausedAndResumedFromItsPageAndItsPriorityShown() {
        try (TestApp app = TestApp.start(); Browser browser = Browser.start();
             FileServer files = new FileServer().serve("/red.png", Images.pngDisc())) {
            long workflowId = Runs.template(app, "Remove background");
            long runId = Runs.create(app, workflowId, IntStream.range(0, 4).mapToObj(i -> files.heldUrl("/red.png"))
                    .toList());
            Await.until("items downloading", Duration.ofSeconds(10), () -> files.heldRequests() >= 1);
            browser.signIn(app.baseUrl(), TestApp.API_KEY);
            browser.open(app.baseUrl() + "/#/runs/" + runId);
            browser.await("the run's page", d -> d.findElement(By.id("run-progress-text")).getText()
                    .startsWith("running:"));
            assertThat(browser.text(By.cssSelector(".meta"))).contains("normal priority");

            browser.shown(By.id("pause-run")).click();
            browser.await("the run shown paused", d -> d.findElement(By.id("run-progress-text")).getText()
                    .startsWith("running, paused:"));
            assertThat(Runs.get(app, runId).path("paused").asBoolean()).as("paused through the API").isTrue();
            assertThat(browser.all(By.cssSelector(".meta .status-paused"))).hasSize(1);

            browser.open(app.baseUrl() + "/#/runs");
            browser.await("the list marks it paused", d -> !d.findElements(
                    By.cssSelector("tr[data-run-id='" + runId + "'] .status-paused")).isEmpty());

            browser.open(app.baseUrl() + "/#/runs/" + runId);
            browser.shown(By.id("resume-run")).click();
            files.release();
            browser.await("the run to complete", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("completed: 4 of 4 done"));
            assertThat(Runs.get(app, runId).path("paused").asBoolean()).isFalse();

            browser.open(app.baseUrl() + "/#/new-run");
            new Select(browser.shown(By.id("run-workflow"))).selectByVisibleText("Remove background");
            Select priority = new Select(browser.shown(By.id("run-priority")));
            assertThat(priority.getOptions()).extracting(option -> option.getAttribute("value"))
                    .containsExactly("high", "normal", "low");
            assertThat(priority.getFirstSelectedOption().getAttribute("value")).isEqualTo("normal");
            priority.selectByValue("high");
            browser.shown(By.cssSelector("textarea[id^=urls-]")).sendKeys(files.url("/red.png"));
            browser.shown(By.cssSelector("form.new-run button[type=submit]")).click();
            browser.await("the new run's page", d -> d.getCurrentUrl().matches(".*#/runs/\\d+$")
                    && !d.getCurrentUrl().endsWith("#/runs/" + runId));
            long highId = Long.parseLong(browser.driver().getCurrentUrl().replaceAll(".*#/runs/", ""));
            assertThat(Runs.get(app, highId).path("priority").asText()).as("the priority chosen, through the API")
                    .isEqualTo("high");
            browser.await("its page shows it", d -> d.findElement(By.cssSelector(".meta")).getText()
                    .contains("high priority"));
        }
    }
}
