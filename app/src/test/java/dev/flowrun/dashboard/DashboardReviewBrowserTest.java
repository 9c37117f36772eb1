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
 * Items to review in a real browser (README, Dashboard): their badge, the filter that keeps only them, each tile's
 * confidence; the sign-in page alone when signed out (contract §11); and the notice a service without a segmentation
 * model shows.
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
    void itemsToReviewCarryABadgeEveryTileItsConfidenceAndTheFilterKeepsOnlyThem() {
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
        Map<String, String> shown = browser.await("both tiles' confidence", d -> {
            Map<String, String> byName = new java.util.TreeMap<>();
            for (var card : d.findElements(By.cssSelector("ul.items > li"))) {
                String confidence = card.findElements(By.cssSelector(".confidence")).stream()
                        .map(element -> element.getText()).findFirst().orElse("");
                if (!confidence.isEmpty()) {
                    byName.put(card.findElement(By.cssSelector(".name a")).getText(), confidence);
                }
            }
            return byName.size() == 2 ? byName : null;
        });
        // The told cut-outs' confidences: 230 / 255 and 40 / 255.
        assertThat(shown).containsExactly(Map.entry("sure.png", "Confidence 0.90"),
                Map.entry("unsure.png", "Confidence 0.16"));

        browser.shown(By.id("review-filter")).click();
        browser.await("only the item to review", d -> d.findElements(By.cssSelector("ul.items > li")).size() == 1);
        assertThat(browser.text(By.cssSelector("ul.items > li .name a"))).isEqualTo("unsure.png");
        assertThat(browser.text(By.id("items-shown"))).contains("to review");
        assertThat(browser.driver().getCurrentUrl()).contains("review=true");
        assertThat(browser.unnamed()).as("controls without a name").isEmpty();
    }

    @Test
    void signedOutItShowsTheSignInFormOnlyWithoutNavigationOrSignOut() {
        browser.signIn(app.baseUrl(), TestApp.API_KEY);
        assertThat(browser.shown(By.id("sign-out")).isDisplayed()).as("signed in").isTrue();
        browser.shown(By.id("sign-out")).click();
        browser.await("the sign-in page", d -> d.getCurrentUrl().contains("#/signin"));
        assertSignInOnly();
        browser.open(app.baseUrl() + "/#/runs");
        browser.await("sent to sign in", d -> d.getCurrentUrl().contains("#/signin"));
        assertSignInOnly();
    }

    private static void assertSignInOnly() {
        assertThat(browser.shown(By.cssSelector("form.signin")).isDisplayed()).isTrue();
        assertThat(browser.driver().findElement(By.id("top")).isDisplayed()).as("the header").isFalse();
        assertThat(browser.all(By.cssSelector("nav a")).stream().filter(a -> a.isDisplayed()).toList())
                .as("navigation links shown").isEmpty();
        assertThat(browser.driver().findElement(By.id("sign-out")).isDisplayed()).as("Sign out").isFalse();
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
