package dev.flowrun;

import static dev.flowrun.StartupFailuresTest.EXIT;
import static dev.flowrun.StartupFailuresTest.KEY;
import static dev.flowrun.StartupFailuresTest.status;
import static dev.flowrun.support.StartupAssertions.assertFailedInOneLine;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flowrun.support.MainProcess;
import dev.flowrun.support.TestPostgres;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real entry point on PostgreSQL (README, Several instances): a JDBC URL with a user and a password starts the service;
 * a server that cannot be reached, or that refuses the password, stops the start in one line without a stack trace.
 */
class StartupPostgresqlTest {
    private static final String WRONG = "not-the-password-7f3a";

    @TempDir
    Path temp;

    @Test
    void aPostgresqlUrlWithUserAndPasswordStartsTheServiceAndShowsTheFirstKey() throws IOException {
        String url = TestPostgres.freshDatabaseOfPasswordUser("start");
        try (MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DB_URL", url,
                "FLOWRUN_DATA_DIR", temp.resolve("data").toString()))) {
            int port = start.awaitListening(EXIT);
            Matcher key = KEY.matcher(start.stdout());
            assertThat(key.find()).as(start.stdout()).isTrue();
            assertThat(status(port, "/workflows", key.group(1))).isEqualTo(200);
            assertThat(start.stdout()).as("the password is never logged").doesNotContain(TestPostgres.PASSWORD);
        } finally {
            TestPostgres.drop(url);
        }
    }

    @Test
    void aWrongPasswordIsOneLine() {
        String url = TestPostgres.freshDatabaseOfPasswordUser("wrong_password");
        try {
            MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR",
                    temp.resolve("data").toString(), "FLOWRUN_DB_URL", url.replace(TestPostgres.PASSWORD, WRONG)));
            assertFailedInOneLine(start, "FLOWRUN_DB_URL", url.substring(0, url.indexOf('?')),
                    "password authentication failed");
            assertThat(start.stderr()).doesNotContain(WRONG);
        } finally {
            TestPostgres.drop(url);
        }
    }

    @Test
    void aServerThatCannotBeReachedIsOneLine() throws IOException {
        int closed;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + closed + "/flowrun";
        MainProcess start = MainProcess.start(Map.of("FLOWRUN_PORT", "0", "FLOWRUN_DATA_DIR",
                temp.resolve("data").toString(), "FLOWRUN_DB_URL", url + "?user=flowrun&password=secret"));
        assertFailedInOneLine(start, "FLOWRUN_DB_URL", url, "refused");
        assertThat(start.stderr()).doesNotContain("secret");
    }
}
