package dev.flowrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigTest {

    @Test
    void defaultsAreThoseOfTheContract() {
        Config config = Config.fromEnv(Map.of());
        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.dataDir()).isEqualTo(Path.of("./data"));
        assertThat(config.dbUrl()).isNull();
        assertThat(config.effectiveDbUrl()).startsWith("jdbc:h2:file:").contains("data");
        assertThat(config.effectivePublicUrl(8080)).isEqualTo("http://localhost:8080");
        assertThat(config.apiKey()).isNull();
        assertThat(config.adminToken()).isNull();
        assertThat(config.allowPrivateNetworks()).isFalse();
        assertThat(config.workers()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(config.webhookRetryDelays()).containsExactly(Duration.ofSeconds(5), Duration.ofMinutes(5),
                Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5));
        assertThat(config.webhookTimeout()).isEqualTo(Duration.ofSeconds(15));
        assertThat(config.reviewBelow()).isEqualTo(0.5);
        assertThat(Config.fromEnv(Map.of("FLOWRUN_REVIEW_BELOW", "0.35")).reviewBelow()).isEqualTo(0.35);
        assertThat(Config.fromEnv(Map.of("FLOWRUN_REVIEW_BELOW", "1")).reviewBelow()).isEqualTo(1.0);
        assertThat(Config.fromEnv(Map.of("FLOWRUN_REVIEW_BELOW", "0")).reviewBelow()).isZero();
        assertThat(config.urlTtl()).isEqualTo(Duration.ofHours(24));
        assertThat(config.maxPixels()).isEqualTo(50_000_000L);
        assertThat(config.pageCacheMb()).isEqualTo(16);
        assertThat(config.itemTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.host()).isEqualTo("0.0.0.0");
        assertThat(config.logFormat()).isEqualTo(Config.LogFormat.TEXT);
        assertThat(config.outputRetention()).as("unset keeps every file").isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            30d   | PT720H
            12h   | PT12H
            90m   | PT1H30M
            45s   | PT45S
            """)
    void outputRetentionTakesDaysAndTheOtherUnits(String value, String expected) {
        assertThat(Config.fromEnv(Map.of("FLOWRUN_OUTPUT_RETENTION", value)).outputRetention())
                .isEqualTo(Duration.parse(expected));
    }

    @Test
    void everyVariableIsRead() {
        Config config = Config.fromEnv(Map.ofEntries(
                Map.entry("FLOWRUN_PORT", "9090"),
                Map.entry("FLOWRUN_DATA_DIR", "/tmp/flowrun-x"),
                Map.entry("FLOWRUN_DB_URL", "jdbc:h2:mem:x"),
                Map.entry("FLOWRUN_PUBLIC_URL", "https://flowrun.example.com/"),
                Map.entry("FLOWRUN_API_KEY", "k"),
                Map.entry("FLOWRUN_ADMIN_TOKEN", "t-sixteen-chars!"),
                Map.entry("FLOWRUN_ALLOW_PRIVATE_NETWORKS", "true"),
                Map.entry("FLOWRUN_WORKERS", "3"),
                Map.entry("FLOWRUN_WEBHOOK_RETRY_DELAYS", "100ms,1s,2m,3h,4h"),
                Map.entry("FLOWRUN_WEBHOOK_TIMEOUT", "2s"),
                Map.entry("FLOWRUN_URL_TTL", "90m"),
                Map.entry("FLOWRUN_MAX_PIXELS", "1000"),
                Map.entry("FLOWRUN_PAGE_CACHE_MB", "0"),
                Map.entry("FLOWRUN_ITEM_TIMEOUT", "45s"),
                Map.entry("FLOWRUN_HOST", "127.0.0.1"),
                Map.entry("FLOWRUN_LOG_FORMAT", "json"),
                Map.entry("FLOWRUN_HTTP_IDLE_TIMEOUT", "5s"),
                Map.entry("FLOWRUN_DOWNLOAD_STALL_TIMEOUT", "2m")));
        assertThat(config.port()).isEqualTo(9090);
        assertThat(config.dataDir()).isEqualTo(Path.of("/tmp/flowrun-x"));
        assertThat(config.effectiveDbUrl()).isEqualTo("jdbc:h2:mem:x");
        assertThat(config.effectivePublicUrl(9090)).isEqualTo("https://flowrun.example.com");
        assertThat(config.apiKey()).isEqualTo("k");
        assertThat(config.adminToken()).isEqualTo("t-sixteen-chars!");
        assertThat(config.allowPrivateNetworks()).isTrue();
        assertThat(config.workers()).isEqualTo(3);
        assertThat(config.webhookRetryDelays()).isEqualTo(List.of(Duration.ofMillis(100), Duration.ofSeconds(1),
                Duration.ofMinutes(2), Duration.ofHours(3), Duration.ofHours(4)));
        assertThat(config.webhookTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.urlTtl()).isEqualTo(Duration.ofMinutes(90));
        assertThat(config.maxPixels()).isEqualTo(1000);
        assertThat(config.pageCacheMb()).isZero();
        assertThat(config.itemTimeout()).isEqualTo(Duration.ofSeconds(45));
        assertThat(config.host()).isEqualTo("127.0.0.1");
        assertThat(config.logFormat()).isEqualTo(Config.LogFormat.JSON);
        assertThat(config.httpIdleTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.downloadStallTimeout()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void anAdminTokenShorterThanSixteenCharactersIsRefusedWithoutEchoingIt() {
        assertThatThrownBy(() -> Config.fromEnv(Map.of("FLOWRUN_ADMIN_TOKEN", "fifteen-chars-x")))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageStartingWith("FLOWRUN_ADMIN_TOKEN: ").hasMessageContaining("at least 16")
                .hasMessageNotContaining("fifteen-chars-x");
        assertThat(Config.fromEnv(Map.of("FLOWRUN_ADMIN_TOKEN", "sixteen-chars-xx")).adminToken())
                .isEqualTo("sixteen-chars-xx");
    }

    @ParameterizedTest
    @CsvSource({"localhost, localhost", "::1, ::1", "[::1], ::1", "0.0.0.0, 0.0.0.0"})
    void theHostIsAnAddressOfThisMachine(String given, String bound) {
        assertThat(Config.fromEnv(Map.of("FLOWRUN_HOST", given)).host()).isEqualTo(bound);
    }

    @ParameterizedTest
    @CsvSource({"jdbc:h2:mem:x", "jdbc:postgresql://db:5432/flowrun?user=flowrun&password=secret",
            "JDBC:PostgreSQL://db/flowrun"})
    void theDatabaseIsH2OrPostgresql(String url) {
        assertThat(Config.fromEnv(Map.of("FLOWRUN_DB_URL", url)).effectiveDbUrl()).isEqualTo(url);
    }

    @Test
    void aRefusedDatabaseUrlIsNotEchoedWithItsPassword() {
        assertThatThrownBy(() -> Config.fromEnv(Map.of("FLOWRUN_DB_URL", "jdbc:mysql://db/flowrun?password=secret")))
                .hasMessageStartingWith("FLOWRUN_DB_URL: 'jdbc:mysql://db/flowrun' is not valid")
                .hasMessageNotContaining("secret");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            FLOWRUN_PORT                   | eighty
            FLOWRUN_PORT                   | 70000
            FLOWRUN_PORT                   | -1
            FLOWRUN_PUBLIC_URL             | localhost:8080
            FLOWRUN_PUBLIC_URL             | ftp://files.example.com
            FLOWRUN_ALLOW_PRIVATE_NETWORKS | yes
            FLOWRUN_WORKERS                | 0
            FLOWRUN_WORKERS                | many
            FLOWRUN_WEBHOOK_RETRY_DELAYS   | 5s,5m,30m,2h
            FLOWRUN_WEBHOOK_RETRY_DELAYS   | 5s,5m,30m,2h,5d
            FLOWRUN_WEBHOOK_TIMEOUT        | 15
            FLOWRUN_WEBHOOK_TIMEOUT        | 0s
            FLOWRUN_URL_TTL                | one day
            FLOWRUN_MAX_PIXELS             | 0
            FLOWRUN_MAX_PIXELS             | 5e7
            FLOWRUN_PAGE_CACHE_MB          | -1
            FLOWRUN_PAGE_CACHE_MB          | 16m
            FLOWRUN_ITEM_TIMEOUT           | 0s
            FLOWRUN_ITEM_TIMEOUT           | forever
            FLOWRUN_HOST                   | not a host
            FLOWRUN_HOST                   | http://127.0.0.1
            FLOWRUN_HOST                   | 192.0.2.1
            FLOWRUN_LOG_FORMAT             | xml
            FLOWRUN_OUTPUT_RETENTION       | 30
            FLOWRUN_OUTPUT_RETENTION       | 0d
            FLOWRUN_OUTPUT_RETENTION       | a month
            FLOWRUN_OUTPUT_RETENTION       | 2w
            FLOWRUN_DB_URL                 | jdbc:mysql://db:3306/flowrun
            FLOWRUN_DB_URL                 | postgresql://db:5432/flowrun
            FLOWRUN_DB_URL                 | ./data/flowrun
            FLOWRUN_REVIEW_BELOW           | 1.5
            FLOWRUN_REVIEW_BELOW           | -0.1
            FLOWRUN_REVIEW_BELOW           | half
            FLOWRUN_REVIEW_BELOW           | NaN
            FLOWRUN_REVIEW_BELOW           | 0.5d
            FLOWRUN_REVIEW_BELOW           | 50%
            """)
    void aBadValueFailsWithOneLineNamingTheVariable(String name, String value) {
        assertThatThrownBy(() -> Config.fromEnv(Map.of(name, value)))
                .isInstanceOf(Config.ConfigException.class)
                .hasMessageStartingWith(name + ": ")
                .hasMessageContaining(value)
                .hasMessageNotContaining("\n");
    }

    /**
     * README's table of variables (Configuration) and the settings records say the same: a variable added to a
     * feature's settings without a line in README, or a line left for one no longer read, fails here.
     */
    @Test
    void readmeListsEveryVariableTheSettingsRead() throws IOException {
        List<String> rows = Files.readAllLines(readme()).stream().filter(line -> line.startsWith("| `")).toList();
        Set<String> documented = new TreeSet<>();
        for (String row : rows) {
            Matcher names = Pattern.compile("`(FLOWRUN_[A-Z0-9_]+)`").matcher(row.split("\\|")[1]);
            while (names.find()) {
                documented.add(names.group(1));
            }
        }
        assertThat(documented).isEqualTo(Config.VARIABLES.stream().filter(name -> name.startsWith("FLOWRUN_"))
                .collect(Collectors.toCollection(TreeSet::new)));
        String text = Files.readString(readme());
        assertThat(Config.VARIABLES.stream().filter(name -> !name.startsWith("FLOWRUN_")))
                .allSatisfy(name -> assertThat(text).contains("`" + name + "`"));
    }

    /** The repository's README: the build runs in {@code app/}, or wherever a parent holds it. */
    private static Path readme() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("app"))) {
                return dir.resolve("README.md");
            }
        }
        throw new AssertionError("README.md not found above " + Path.of("").toAbsolutePath());
    }
}
