package dev.flowrun;

import static dev.flowrun.support.StartupAssertions.assertFailedInOneLine;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.MainProcess;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A start that fails says why in one line on standard error, with no stack trace and a non-zero
 * status, and makes nothing half-way: after a first start that failed, the next one still shows the key. Each case
 * runs the real entry point in a JVM of its own.
 */
class StartupFailuresTest {
    static final Duration EXIT = Duration.ofSeconds(90);
    static final Pattern KEY = Pattern.compile("^\\s+(fr_\\S+)$", Pattern.MULTILINE);

    @TempDir
    Path temp;

    /**
     * One data directory: a start on a port in use fails before it makes the key; the next start makes it and runs;
     * a third start on the directory while that one runs is refused and leaves nothing (one service start for both,
     * each costing a JVM and the migrations).
     */
    @Test
    void aPortInUseStopsTheFirstStartBeforeItMakesTheKeyAndADataDirectoryInUseIsRefusedWithoutLeavingAnything()
            throws IOException {
        Path dataDir = temp.resolve("data");
        try (var taken = new ServerSocket(0)) {
            MainProcess first = MainProcess.start(Map.of("FLOWRUN_PORT", Integer.toString(taken.getLocalPort()),
                    "FLOWRUN_DATA_DIR", dataDir.toString()));
            assertFailedInOneLine(first, "port " + taken.getLocalPort(), "in use", "FLOWRUN_PORT");
            assertThat(first.stdout()).doesNotContain("fr_");
        }
        try (MainProcess running = MainProcess.start(Map.of("FLOWRUN_PORT", "0",
                "FLOWRUN_DATA_DIR", dataDir.toString()))) {
            int port = running.awaitListening(EXIT);
            Matcher key = KEY.matcher(running.stdout());
            assertThat(key.find()).as("the key shown by the start after the failed one:\n" + running.stdout()).isTrue();
            assertThat(status(port, "/workflows", key.group(1))).isEqualTo(200);
            List<Path> before = listing(dataDir);

            MainProcess second = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", dataDir.toString()));
            assertFailedInOneLine(second, "in use by another process", dataDir.toAbsolutePath().toString());
            assertThat(listing(dataDir)).as("no flowrun.trace.db or other debris").isEqualTo(before);
            assertThat(status(port, "/workflows", key.group(1))).as("the running one is untouched").isEqualTo(200);
        }
    }

    @Test
    void aDataDirectoryThatIsAFileIsRefused() throws IOException {
        // A regular file, not chmod: the tests may run as root, whom permissions do not stop.
        Path file = Files.writeString(temp.resolve("data"), "not a directory");
        MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", file.toString()));
        assertFailedInOneLine(start, "data directory " + file.toAbsolutePath(), "FLOWRUN_DATA_DIR", "not a directory");
        assertThat(Files.readString(file)).isEqualTo("not a directory");
    }

    @Test
    void aDatabaseFileThatCannotBeOpenedIsRefused() throws IOException {
        Path dataDir = temp.resolve("data");
        Files.createDirectories(dataDir.resolve("flowrun.mv.db"));
        MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR", dataDir.toString()));
        assertFailedInOneLine(start, "cannot open the database", "flowrun.mv.db");
        assertThat(listing(dataDir)).extracting(Path::getFileName).extracting(Path::toString)
                .doesNotContain("flowrun.trace.db");
    }

    /** A value the service cannot use (a word for a number, an admin token too short to be safe). */
    @ParameterizedTest(name = "{0}={1}")
    @CsvSource({"FLOWRUN_WORKERS, lots, lots", "FLOWRUN_ADMIN_TOKEN, a, at least 16"})
    void aBadEnvironmentValueStopsStartUpInOneLineNamingTheVariable(String variable, String value, String said) {
        MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", variable, value,
                "FLOWRUN_DATA_DIR", temp.resolve("data").toString()));
        assertFailedInOneLine(start, variable, said);
        assertThat(temp.resolve("data")).doesNotExist();
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(dir::relativize).sorted().toList();
        }
    }

    static int status(int port, String path, String key) throws IOException {
        var client = new OkHttpClient();
        try (Response response = client.newCall(new Request.Builder().url("http://localhost:" + port + path)
                .header("Authorization", "Bearer " + key).build()).execute()) {
            return response.code();
        } finally {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }
}
