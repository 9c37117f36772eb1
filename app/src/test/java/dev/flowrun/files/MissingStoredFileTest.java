package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.Await;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.TestWorkflow;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

/**
 * A store that lost files (restored from an old backup): an archive or a thumbnail made of a lost file answers 503
 * with Retry-After and a log line naming the file, nothing partial or empty is stored, and once the file is back the
 * next request makes it whole. With the data directory here, and with the object store in the object-store execution.
 */
class MissingStoredFileTest {
    @RegisterExtension
    static final TestApp app = TestApp.forClass();
    @AutoClose
    static FileServer files;
    static long workflow;

    @BeforeAll
    static void start() {
        files = new FileServer().serve("/disc.png", Images.pngDisc()).serve("/disc.jpg", Images.jpegDisc());
        workflow = TestWorkflow.passThrough().create(app);
    }

    @Test
    void anArchiveOrThumbnailOfALostFileIs503NamingItIsNotStoredAndIsMadeOnceTheFileIsBack() throws IOException {
        long runId = Runs.create(app, workflow, List.of(files.url("/disc.png"), files.url("/disc.jpg"),
                files.url("/disc.png")));
        JsonNode run = Runs.awaitEnd(app, runId, Duration.ofSeconds(60));
        String archiveKey = FileLayout.outputArchive(runId);
        Await.until("the archive built when the run ended", Duration.ofSeconds(30), () -> app.stores(archiveKey));
        String outputUrl = run.path("items").get(1).path("outputs").get(0).path("url").asText();
        String outputKey = UrlSigner.keyFromPath(URI.create(outputUrl).getRawPath().substring("/files/".length()));

        byte[] lost = app.takeAway(outputKey);
        app.takeAway(archiveKey);
        Logger logger = (Logger) LoggerFactory.getLogger("dev.flowrun");
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        logger.addAppender(log);
        try {
            for (String url : List.of(run.path("outputArchiveUrl").asText(), outputUrl + "&thumb=256")) {
                Reply answer = app.fetch(url);
                assertThat(answer.status()).as(url + ": " + answer).isEqualTo(503);
                assertThat(answer.errorCode()).isEqualTo("service_unavailable");
                assertThat(answer.header("Retry-After")).isNotNull();
            }
        } finally {
            logger.detachAppender(log);
        }
        assertThat(log.list.stream().map(ILoggingEvent::getFormattedMessage).filter(m -> m.contains(outputKey)))
                .as("one line for each answer, naming the lost file").hasSize(2);
        assertThat(app.stores(archiveKey)).as("no archive stored without the lost file").isFalse();
        assertThat(app.stores(outputKey.substring(0, outputKey.lastIndexOf('/')) + "/.thumbs")).isFalse();
        assertThat(app.fetch(outputUrl).status()).as("the lost file itself").isEqualTo(404);

        app.putBack(outputKey, lost);
        Reply archive = app.fetch(run.path("outputArchiveUrl").asText());
        assertThat(archive.status()).as(archive.toString()).isEqualTo(200);
        List<byte[]> entries = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(archive.bytes()))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                entries.add(zip.readAllBytes());
            }
        }
        assertThat(entries).hasSize(3).anySatisfy(bytes -> assertThat(bytes).isEqualTo(lost));
        assertThat(app.stores(archiveKey)).isTrue();
        Reply thumbnail = app.fetch(outputUrl + "&thumb=256");
        assertThat(thumbnail.status()).as(thumbnail.toString()).isEqualTo(200);
        assertThat(Images.decode(thumbnail.bytes()).getWidth()).isPositive();
    }
}
