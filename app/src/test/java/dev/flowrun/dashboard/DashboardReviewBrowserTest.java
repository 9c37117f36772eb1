package dev.flowrun.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.nodes.NodeCatalogue;
import dev.flowrun.support.Browser;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.ToldCutouts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * Items to review in a real browser (README, Dashboard): their badge, the filter that keeps only them; and the notice
 * a service without a segmentation model shows.
 */
class DashboardReviewBrowserTest {
    @AutoClose
    static TestApp app;
    @AutoClose
    static TestApp withoutModel;
    @AutoClose
    static Browser browser;
    @AutoClose
    static FileServer files;

    @BeforeAll
    static void start() {
        app = TestApp.start(Map.of("FLOWRUN_REVIEW_BELOW", "0.5"), NodeCatalogue.standard(ToldCutouts.REMOVER));
        withoutModel = TestApp.start();
        files = new FileServer().serve("/sure.png", ToldCutouts.picture(230, 230, 0))
                .serve("/unsure.png", ToldCutouts.picture(40, 40, 0));
        browser = Browser.start();
    }

    @Test
    void itemsToReviewCarryABadgeAndTheFilterKeepsOnlyThem() {
        long runId = Runs.create(app, Runs.template(app, "Remove background"),
                List.of(files.url("/sure.png"), files.url("/unsure.png")));
        Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        browser.signIn(app.baseUrl(), TestApp.API_KEY);
        browser.open(app.baseUrl() + "/#/runs/" + runId);
        browser.await("both items", d -> d.findElements(By.cssSelector("ul.items > li")).size() == 2);
        assertThat(browser.text(By.cssSelector("label[for=review-filter]"))).isEqualTo("Only items to review (1)");
        List<String> badged = browser.all(By.cssSelector("ul.items > li")).stream()
                .filter(card -> !card.findElements(By.cssSelector(".badge.review")).isEmpty())
                .map(card -> card.findElement(By.cssSelector(".name a")).getText()).toList();
        assertThat(badged).containsExactly("unsure.png");
        assertThat(browser.driver().findElement(By.id("model-notice")).isDisplayed()).as("a model is loaded").isFalse();

        browser.shown(By.id("review-filter")).click();
        browser.await("only the item to review", d -> d.findElements(By.cssSelector("ul.items > li")).size() == 1);
        assertThat(browser.text(By.cssSelector("ul.items > li .name a"))).isEqualTo("unsure.png");
        assertThat(browser.text(By.id("items-shown"))).contains("to review");
        assertThat(browser.driver().getCurrentUrl()).contains("review=true");
        assertThat(browser.unnamed()).as("controls without a name").isEmpty();
    }

    @Test
    void withoutAModelEveryPageSaysPhotosGetTheClassicMethodAndHowToGetTheModel() {
        browser.signIn(withoutModel.baseUrl(), TestApp.API_KEY);
        String notice = browser.await("the notice", d -> {
            var element = d.findElement(By.id("model-notice"));
            return element.isDisplayed() ? element.getText() : null;
        });
        assertThat(notice).contains("classic", "java -jar flowrun.jar model fetch isnet");
    }
}
