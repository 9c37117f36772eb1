package dev.flowrun.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through its own chromedriver (packages {@code chromium} and
 * {@code chromium-driver}, installed by {@code .ci/run}): nothing is downloaded at run time. Without them the
 * browser tests fail with one line saying what to install; they are never skipped.
 */
public final class Browser implements AutoCloseable {
    public static final Path CHROMIUM = Path.of(System.getProperty("flowrun.chromium", "/usr/bin/chromium"));
    public static final Path CHROMEDRIVER = Path.of(System.getProperty("flowrun.chromedriver", "/usr/bin/chromedriver"));
    /** Generous: CI has 2 cores shared with the service under test and its workers. */
    private static final Duration WAIT = Duration.ofSeconds(60);
    private final Path profile;
    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private Browser() {
        for (Path needed : List.of(CHROMIUM, CHROMEDRIVER)) {
            if (!Files.isExecutable(needed)) {
                throw new AssertionError("browser tests need " + needed
                        + ": apt-get install -y chromium chromium-driver");
            }
        }
        try {
            this.profile = Files.createTempDirectory("flowrun-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // Named outright, so Selenium Manager never looks for (or downloads) a driver or a browser.
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        this.service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-quic", "--window-size=1366,900", "--user-data-dir=" + profile);
        this.driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
    }

    public static Browser start() {
        return new Browser();
    }

    public WebDriver driver() {
        return driver;
    }

    public void open(String url) {
        driver.get(url);
    }

    /**
     * Waits (up to a minute) until {@code condition} gives something other than null or false. An element the page
     * redrew between being found and being looked at is looked for again.
     */
    public <T> T await(String what, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, WAIT).withMessage(what).pollingEvery(Duration.ofMillis(100))
                .ignoring(StaleElementReferenceException.class).until(condition);
    }

    /** The element, once it is on the page and shown. */
    public WebElement shown(By by) {
        return await(by + " to be shown", d -> d.findElements(by).stream().filter(WebElement::isDisplayed)
                .findFirst().orElse(null));
    }

    public List<WebElement> all(By by) {
        return driver.findElements(by);
    }

    public String text(By by) {
        return shown(by).getText();
    }

    public Object script(String code, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(code, args);
    }

    /**
     * The controls, links and pictures of the page that a screen reader could not name (no label, no text, no
     * picture with an alt), as the start of their markup: what a test of a page should find none of.
     */
    @SuppressWarnings("unchecked")
    public List<String> unnamed() {
        return (List<String>) script("""
                return [...document.querySelectorAll('input, select, textarea, button, a[href], img, progress, svg')]
                  .filter(el => !el.closest('[hidden]'))
                  .filter(el => el.tagName === 'IMG' ? !el.hasAttribute('alt')
                    : !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
                        || (el.labels && el.labels.length) || el.textContent.trim()
                        || el.querySelector('img[alt]:not([alt=""])')))
                  .map(el => el.outerHTML.slice(0, 160));""");
    }

    /** The element that has the keyboard focus. */
    public WebElement focused() {
        return driver.switchTo().activeElement();
    }

    /** Signs in through the page, as a person would, and waits for the runs page. */
    public void signIn(String baseUrl, String key) {
        open(baseUrl + "/#/signin");
        WebElement input = shown(By.id("api-key"));
        input.clear();
        input.sendKeys(key);
        shown(By.cssSelector("form.signin button[type=submit]")).click();
        await("the runs page after signing in", d -> d.getCurrentUrl().contains("#/runs"));
        shown(By.cssSelector("h1"));
    }

    /** A PNG of the window, for the README. */
    public void screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteQuietly(profile);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | UncheckedIOException e) {
            // A profile left in the temp folder is harmless.
        }
    }
}
