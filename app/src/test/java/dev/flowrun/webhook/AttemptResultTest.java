package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ProtocolException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AttemptResultTest {

    @Test
    void aReceiversNulCharacterInTheErrorIsReplacedSoPostgresqlCanStoreIt() {
        IOException quoted = new ProtocolException("Unexpected status line: HTTP/1.1 2\u000000 OK");

        AttemptResult result = AttemptResult.of(quoted, 12, Duration.ofSeconds(15));

        assertThat(result.error()).doesNotContain("\u0000").contains("HTTP/1.1 2\uFFFD00 OK");
    }

    @Test
    void aLongErrorIsCutTo500Characters() {
        AttemptResult result = AttemptResult.of(new IOException("x".repeat(2_000)), 1, Duration.ofSeconds(15));

        assertThat(result.error()).hasSize(500);
    }
}
