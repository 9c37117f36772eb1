package dev.flowrun.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Browser;
import dev.flowrun.support.TestApp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The dashboard's workflow pages in a real browser: graphs drawn, a graph refused and then saved (README, Dashboard). */
class DashboardWorkflowsBrowserTest {
    @AutoClose
    static TestApp app;
    @AutoClose
    static Browser browser;

    @BeforeAll
    static void start() {
        app = TestApp.start();
        browser = Browser.start();
        browser.signIn(app.baseUrl(), TestApp.API_KEY);
    }

    @Test
    void theWorkflowsPageDrawsEachGraphAsBoxesAndArrows() {
        browser.shown(By.linkText("Workflows")).click();
        WebElement shot = browser.shown(By.xpath("//li[h2[starts-with(., 'Product shot')]]"));
        WebElement svg = shot.findElement(By.cssSelector("svg.graph"));
        assertThat(svg.findElements(By.cssSelector("g.node"))).hasSize(5);
        assertThat(svg.findElements(By.cssSelector("path.edge"))).hasSize(4);
        assertThat(svg.getAttribute("role")).isEqualTo("img");
        assertThat(svg.findElement(By.tagName("desc")).getAttribute("textContent"))
                .as("the picture's text alternative").contains("removeBackground to trim");
        browser.screenshot(RunPictures.screenshots().resolve("dashboard-workflows.png"));
        assertThat(browser.unnamed()).as("controls without a name on the workflows page").isEmpty();
    }

    @Test
    void aGraphTheServiceRefusesIsShownOnTheNodeAtFaultAndSavesOnceFixed() {
        browser.open(app.baseUrl() + "/#/workflows/new");
        browser.shown(By.id("wf-name")).sendKeys("Small cut-outs");
        new Select(browser.shown(By.id("step-type"))).selectByValue("resize");
        new Select(browser.shown(By.id("step-after"))).selectByValue("node_2");
        browser.shown(By.xpath("//button[text()='Add step']")).click();
        browser.await("the step drawn", d -> !d.findElements(By.cssSelector("svg.graph g[data-node-id='resize_1']")).isEmpty());

        WebElement graph = browser.shown(By.id("wf-graph"));
        String json = graph.getAttribute("value");
        assertThat(json).contains("\"width\": 512");
        replace(graph, json.replace("\"width\": 512", "\"width\": -5"));
        browser.shown(By.xpath("//button[text()='Save workflow']")).click();

        assertThat(browser.text(By.cssSelector(".alert-slot .error"))).startsWith("Not saved:").contains("resize_1");
        // The graph is drawn again with its faults marked: the node is looked for in that drawing.
        browser.shown(By.cssSelector("svg.graph g.fault[data-node-id='resize_1']"));
        assertThat(browser.all(By.cssSelector("svg.graph g.fault"))).hasSize(1);
        assertThat(browser.text(By.cssSelector(".fault-note"))).contains("resize_1").contains("width");
        assertThat(graph.getAttribute("aria-invalid")).isEqualTo("true");
        browser.script("window.scrollTo(0, 0)");
        browser.screenshot(RunPictures.screenshots().resolve("dashboard-workflow-error.png"));
        assertThat(browser.unnamed()).as("controls without a name in the editor").isEmpty();
        assertThat(names()).doesNotContain("Small cut-outs");

        replace(graph, graph.getAttribute("value").replace("\"width\": -5", "\"width\": 300"));
        browser.shown(By.xpath("//button[text()='Save workflow']")).click();
        browser.await("saved", d -> d.findElement(By.cssSelector("p[role=status]")).getText().startsWith("Saved"));
        assertThat(browser.all(By.cssSelector("svg.graph g.fault"))).isEmpty();
        assertThat(graph.getAttribute("aria-invalid")).isNull();
        JsonNode saved = workflow("Small cut-outs");
        List<String> edges = new ArrayList<>();
        saved.path("graph").path("edges").forEach(e -> edges.add(e.path("source").asText() + ">" + e.path("target").asText()));
        assertThat(edges).as("the step went between removeBackground and output")
                .containsExactlyInAnyOrder("node_1>node_2", "node_2>resize_1", "resize_1>node_3");
        assertThat(browser.driver().getCurrentUrl()).endsWith("#/workflows/" + saved.path("id").asLong());
    }

    @Test
    void theStepEditorBuildsAShadowOnABackgroundWrittenAsWebp() {
        browser.open(app.baseUrl() + "/#/workflows/new");
        browser.shown(By.id("wf-name")).sendKeys("Shadowed on white");
        Select type = new Select(browser.shown(By.id("step-type")));
        type.selectByValue("shadow");
        assertThat(browser.text(By.id("step-help"))).as("the shadow's fields, from the catalogue")
                .contains("opacity", "offsetX", "contact");
        new Select(browser.shown(By.id("step-after"))).selectByValue("node_2");
        browser.shown(By.xpath("//button[text()='Add step']")).click();
        browser.await("the shadow drawn", d -> !d.findElements(By.cssSelector("svg.graph g[data-node-id='shadow_1']")).isEmpty());
        type.selectByValue("background");
        assertThat(browser.text(By.id("step-help"))).contains("imageUrl", "blur");
        new Select(browser.shown(By.id("step-after"))).selectByValue("shadow_1");
        browser.shown(By.xpath("//button[text()='Add step']")).click();
        browser.await("the background drawn",
                d -> !d.findElements(By.cssSelector("svg.graph g[data-node-id='background_1']")).isEmpty());
        WebElement graph = browser.shown(By.id("wf-graph"));
        String json = graph.getAttribute("value");
        assertThat(json).as("a background starts with its example colour").contains("\"color\": \"#FFFFFF\"");
        replace(graph, json.replace("\"format\": \"png\"", "\"format\": \"webp\", \"quality\": 80"));
        browser.shown(By.xpath("//button[text()='Save workflow']")).click();
        browser.await("saved", d -> d.findElement(By.cssSelector("p[role=status]")).getText().startsWith("Saved"));

        JsonNode saved = app.get("/workflows/" + workflow("Shadowed on white").path("id").asLong()).json();
        Map<String, JsonNode> nodes = new HashMap<>();
        saved.path("graph").path("nodes").forEach(n -> nodes.put(n.path("id").asText(), n));
        assertThat(nodes.get("shadow_1").path("type").asText()).isEqualTo("shadow");
        assertThat(nodes.get("background_1").path("data").path("color").asText()).isEqualTo("#FFFFFF");
        assertThat(nodes.get("node_3").path("data").path("format").asText()).isEqualTo("webp");
        assertThat(nodes.get("node_3").path("data").path("quality").asInt()).isEqualTo(80);
        List<String> edges = new ArrayList<>();
        saved.path("graph").path("edges").forEach(e -> edges.add(e.path("source").asText() + ">" + e.path("target").asText()));
        assertThat(edges).as("cut out, shadowed, set on white, written")
                .containsExactlyInAnyOrder("node_1>node_2", "node_2>shadow_1", "shadow_1>background_1", "background_1>node_3");
    }

    /** Types the new text into the field, as a person replacing its content would. */
    private static void replace(WebElement field, String text) {
        field.clear();
        field.sendKeys(text);
    }

    private static List<String> names() {
        return app.get("/workflows").json().findValuesAsText("name");
    }

    private static JsonNode workflow(String name) {
        for (JsonNode w : app.get("/workflows").json()) {
            if (w.path("name").asText().equals(name)) {
                return w;
            }
        }
        throw new AssertionError("no workflow named " + name + " in " + names());
    }
}
