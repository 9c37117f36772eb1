package dev.flowrun.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.Browser;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.TestApp;
import java.awt.Color;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The dashboard's run pages in a real browser, against the whole service (README, Dashboard). */
class DashboardRunsBrowserTest {
    /** Uploads and retry from the dashboard (POST /uploads, POST /workflows/runs/{runId}/retry). */
    @AutoClose
    static TestApp app;
    @AutoClose
    static Browser browser;

    @BeforeAll
    static void start() {
        app = TestApp.start();
        browser = Browser.start();
    }

    @Test
    void signInRefusesAWrongKeyAndKeepsTheRightOneForTheTabOnly() {
        browser.open(app.baseUrl() + "/");
        browser.script("sessionStorage.clear()");
        browser.open(app.baseUrl() + "/#/runs");
        browser.await("the sign-in page", d -> d.getCurrentUrl().endsWith("#/signin"));
        assertThat(browser.focused().getAttribute("id")).as("the key field has the focus").isEqualTo("api-key");

        browser.focused().sendKeys("fr_not_a_key", Keys.ENTER);
        assertThat(browser.text(By.cssSelector("#signin-message .error"))).contains("not accepted");
        assertThat(browser.focused().getAttribute("aria-invalid")).isEqualTo("true");

        browser.signIn(app.baseUrl(), TestApp.API_KEY);
        assertThat(browser.text(By.tagName("h1"))).isEqualTo("Runs");
        assertThat(browser.script("return sessionStorage.getItem('flowrun.apiKey')")).isEqualTo(TestApp.API_KEY);
        assertThat(browser.script("return localStorage.length")).as("nothing kept beyond the tab").isEqualTo(0L);

        browser.shown(By.id("sign-out")).click();
        browser.await("the sign-in page after signing out", d -> d.getCurrentUrl().endsWith("#/signin"));
        assertThat(browser.script("return sessionStorage.getItem('flowrun.apiKey')")).isNull();
    }

    @Test
    void aRunStartedFromPastedUrlsMovesWhileItRunsAndShowsCutOutsBesideTheirInputs() {
        try (FileServer files = RunPictures.serve(new FileServer())) {
            browser.signIn(app.baseUrl(), TestApp.API_KEY);
            browser.shown(By.linkText("New run")).click();
            new Select(browser.shown(By.id("run-workflow"))).selectByVisibleText("Remove background");
            WebElement urls = browser.shown(By.cssSelector("textarea[id^=urls-]"));
            urls.sendKeys(String.join("\n", RunPictures.urls(files, 3, false)) + "\n"
                    + String.join("\n", RunPictures.urls(files, 3, true)));
            browser.screenshot(RunPictures.screenshots().resolve("dashboard-new-run.png"));
            assertThat(browser.unnamed()).as("controls without a name on the new-run page").isEmpty();
            browser.shown(By.cssSelector("form.new-run button[type=submit]")).click();

            browser.await("the new run's page", d -> d.getCurrentUrl().matches(".*#/runs/\\d+$"));
            long runId = Long.parseLong(browser.driver().getCurrentUrl().replaceAll(".*#/runs/", ""));
            // Three items wait for their files: the bar must show the other three done while the run still runs.
            browser.await("3 of 6 done while running", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("running: 3 of 6 done"));
            assertThat(browser.shown(By.id("run-progress")).getAttribute("value")).isEqualTo("3");
            assertThat(browser.shown(By.id("run-progress-text")).getAttribute("aria-live")).isEqualTo("polite");
            files.release();
            browser.await("the run to complete", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("completed: 6 of 6 done"));
            assertThat(app.get("/workflows/runs/" + runId).json().path("status").asText()).isEqualTo("completed");

            List<WebElement> cards = browser.all(By.cssSelector("ul.items > li"));
            assertThat(cards).hasSize(6);
            RunPictures.awaitThumbnails(browser, 12);
            for (WebElement img : browser.all(By.cssSelector("ul.items img"))) {
                assertThat(img.getAttribute("src")).as("a thumbnail made by the service").contains("&thumb=256");
                assertThat(((Number) browser.script("return arguments[0].naturalWidth", img)).intValue())
                        .isBetween(1, 256);
            }
            assertThat(browser.all(By.cssSelector("ul.items .checker img"))).as("outputs on a checkerboard").hasSize(6);
            assertThat(browser.shown(By.linkText("Download outputs (.zip)")).getAttribute("href"))
                    .contains("/files/runs/" + runId + "/outputs.zip");
            browser.screenshot(RunPictures.screenshots().resolve("dashboard-run.png"));
            assertThat(browser.unnamed()).as("controls without a name on the run page").isEmpty();

            browser.shown(By.id("item-filter")).sendKeys("teal");
            browser.await("only the teal item", d -> d.findElements(By.cssSelector("ul.items > li")).size() == 1);
            assertThat(browser.text(By.cssSelector("ul.items > li .name a"))).contains("teal");

            browser.shown(By.cssSelector("ul.items > li .name a")).click();
            browser.await("the item page", d -> d.getCurrentUrl().matches(".*#/runs/\\d+/items/\\d+$"));
            browser.await("three steps", d -> d.findElements(By.cssSelector("ol.steps > li.status-completed")).size() == 3);
            List<String> steps = browser.all(By.cssSelector("ol.steps > li h3")).stream().map(WebElement::getText).toList();
            assertThat(steps.get(0)).startsWith("imageInput");
            assertThat(steps.get(1)).startsWith("removeBackground");
            assertThat(steps.get(2)).startsWith("output");
            assertThat(browser.all(By.cssSelector("ol.steps > li")).get(1).getText()).contains("took");
            browser.screenshot(RunPictures.screenshots().resolve("dashboard-item.png"));
            assertThat(browser.unnamed()).as("controls without a name on the item page").isEmpty();

            // Two more runs, so the list shows a run still running and one that partly failed.
            RunPictures.create(app, List.of(files.url("/red-ball.png"), files.url("/no-such-picture.png")));
            files.hold();
            RunPictures.create(app, List.of(files.url("/green-ball.png"), files.heldUrl("/teal-box.jpg"),
                    files.heldUrl("/orange-ball.png")));

            browser.shown(By.linkText("Runs")).click();
            browser.await("the run listed as completed", d -> d.findElement(By.cssSelector("tr[data-key='" + runId + "']"))
                    .getText().contains("completed"));
            browser.await("a partial run and one still running, a third of the way", d -> {
                String table = d.findElement(By.cssSelector("table.runs")).getText();
                return table.contains("partial") && table.contains("running") && table.contains("1 of 3 done");
            });
            browser.screenshot(RunPictures.screenshots().resolve("dashboard-runs.png"));
            assertThat(browser.unnamed()).as("controls without a name on the runs page").isEmpty();

            new Select(browser.shown(By.id("filter-status"))).selectByValue("partial");
            browser.await("only the partial run", d -> d.findElements(By.cssSelector("table.runs tbody tr")).size() == 1
                    && d.findElement(By.cssSelector("table.runs tbody")).getText().contains("partial"));
            assertThat(browser.driver().getCurrentUrl()).as("a reload keeps the filter").endsWith("#/runs?status=partial");
        }
    }

    @Test
    void aRunStartedByUploadingLocalFilesRunsOverThoseFiles(@TempDir Path folder) {
        List<Path> pictures = RunPictures.write(folder, 2);
        browser.signIn(app.baseUrl(), TestApp.API_KEY);
        browser.shown(By.linkText("New run")).click();
        new Select(browser.shown(By.id("run-workflow"))).selectByVisibleText("Remove background");
        browser.shown(By.cssSelector("input[type=file]"))
                .sendKeys(pictures.get(0).toString() + "\n" + pictures.get(1).toString());
        browser.await("two files chosen", d -> d.findElements(By.cssSelector("ul.chosen > li")).size() == 2);
        browser.shown(By.cssSelector("form.new-run button[type=submit]")).click();

        browser.await("the new run's page", d -> d.getCurrentUrl().matches(".*#/runs/\\d+$"));
        long runId = Long.parseLong(browser.driver().getCurrentUrl().replaceAll(".*#/runs/", ""));
        browser.await("the run to complete", d -> d.findElement(By.id("run-progress-text")).getText()
                .equals("completed: 2 of 2 done"));
        RunPictures.awaitThumbnails(browser, 4);
        JsonNode run = app.get("/workflows/runs/" + runId).json();
        assertThat(run.path("items").findValuesAsText("fileName")).containsExactly("red-ball.png", "blue-box.jpg");
    }

    @Test
    void retryingAPartialRunStartsANewRunOverItsFailedItemsOnly() {
        try (FileServer files = RunPictures.serve(new FileServer())) {
            JsonNode first = RunPictures.create(app, List.of(files.url("/red-ball.png"), files.url("/late.png")));
            long firstId = first.path("id").asLong();
            Await.until("the first run to be partial", Duration.ofSeconds(60),
                    () -> app.get("/workflows/runs/" + firstId).json().path("status").asText(), "partial"::equals);
            files.serve("/late.png", Images.encode(Images.disc(200, 150, Color.WHITE, Color.ORANGE), "png"));

            browser.signIn(app.baseUrl(), TestApp.API_KEY);
            browser.open(app.baseUrl() + "/#/runs/" + firstId);
            browser.shown(By.xpath("//button[text()='Retry failed items']")).click();
            browser.await("the retry's page", d -> d.getCurrentUrl().matches(".*#/runs/\\d+$")
                    && !d.getCurrentUrl().endsWith("#/runs/" + firstId));
            long retryId = Long.parseLong(browser.driver().getCurrentUrl().replaceAll(".*#/runs/", ""));
            browser.await("the retry to complete", d -> d.findElement(By.id("run-progress-text")).getText()
                    .equals("completed: 1 of 1 done"));
            assertThat(browser.text(By.cssSelector("ul.items > li .name a"))).isEqualTo("late.png");
            JsonNode retry = app.get("/workflows/runs/" + retryId).json();
            assertThat(retry.path("retryOf").asLong()).isEqualTo(firstId);
            assertThat(app.get("/workflows/runs/" + firstId).json().path("status").asText()).isEqualTo("partial");
        }
    }

    @Test
    void cancellingARunFromItsPageStopsItAfterAConfirmation() {
        try (FileServer files = RunPictures.serve(new FileServer())) {
            JsonNode run = RunPictures.create(app, RunPictures.urls(files, 4, true));
            long runId = run.path("id").asLong();
            browser.signIn(app.baseUrl(), TestApp.API_KEY);
            browser.open(app.baseUrl() + "/#/runs/" + runId);
            browser.shown(By.xpath("//button[text()='Cancel run']")).click();
            WebElement dialog = browser.shown(By.cssSelector("dialog.confirm"));
            assertThat(browser.focused().getText()).as("the harmless answer has the focus").isEqualTo("Keep it");
            dialog.findElement(By.xpath(".//button[text()='Cancel run']")).click();
            browser.await("the run cancelled", d -> d.findElement(By.id("run-progress-text")).getText().startsWith("cancelled"));
            assertThat(app.get("/workflows/runs/" + runId).json().path("status").asText()).isEqualTo("cancelled");
            assertThat(browser.all(By.xpath("//button[text()='Cancel run']"))).isEmpty();
            assertThat(browser.text(By.cssSelector(".webhook"))).contains("without a webhook");
        }
    }
}
