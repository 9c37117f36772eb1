package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flowrun.support.BadImages;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.JpegScanBomb;
import dev.flowrun.support.JpegTiff;
import dev.flowrun.support.Reply;
import dev.flowrun.support.Runs;
import dev.flowrun.support.TestApp;
import dev.flowrun.support.Zips;
import java.awt.Color;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Files made to cost far more than their size, served over loopback to the "Remove background" template: each
 * ends in bounded time and memory with its code, while a small run created beside them finishes promptly. The
 * bounds are generous (a loaded 2-core machine): they separate seconds from the minutes these files used to take,
 * and megabytes from the gigabytes (docs/security.md).
 */
class HostileFilesTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void bombsEndBoundedAndASmallRunBesideThemFinishesPromptly() {
        Map<String, byte[]> bombs = Map.of(
                "scans.jpg", JpegScanBomb.of(7000, 7000, 10_000),
                "scans.tif", JpegTiff.wrapping(JpegScanBomb.of(7000, 7000, 10_000), 7000, 7000),
                "ztxt.png", BadImages.pngWithInflatingChunks("zTXt", 10, 100),
                "wrapped.bmp", bmpWrappingJpeg());
        try (TestApp app = TestApp.start(Map.of("FLOWRUN_WORKERS", "2")); FileServer files = new FileServer()) {
            bombs.forEach((name, bytes) -> files.serve("/" + name, bytes));
            files.serve("/small.png", Images.pngDisc());
            long template = Runs.template(app, "Remove background");
            long allocatedBefore = allocatedByWorkers();

            long bombRun = Runs.create(app, template, bombs.keySet().stream().map(name -> files.url("/" + name)).toList());
            long smallRun = Runs.create(app, template, List.of(files.url("/small.png")));

            assertThat(Runs.awaitEnd(app, smallRun, Duration.ofSeconds(30)).path("status").asText()).isEqualTo("completed");
            JsonNode run = Runs.awaitEnd(app, bombRun, Duration.ofSeconds(60));
            Map<String, JsonNode> items = Runs.itemsByName(run);
            for (String name : List.of("scans.jpg", "scans.tif")) {
                assertThat(error(items, name).path("code").asText()).isEqualTo("unsupported_media");
                assertThat(error(items, name).path("message").asText()).contains("more than 100 scans");
            }
            assertThat(error(items, "wrapped.bmp").path("code").asText()).isEqualTo("unsupported_media");
            // Valid pixels behind a gigabyte of compressed text: the image is processed, the text never inflated.
            assertThat(items.get("ztxt.png").path("status").asText()).isEqualTo("completed");
            assertThat(allocatedByWorkers() - allocatedBefore).as("bytes the workers allocated").isLessThan(512L << 20);
        }
    }

    @Test
    void anArchiveWhoseEntriesShareOneCompressedImageFailsZipInvalid() {
        byte[] image = Images.encode(Images.disc(2000, 2000, Color.WHITE, Color.RED), "png");
        try (TestApp app = TestApp.start(); FileServer files = new FileServer().serve("/copies.zip", Zips.overlapping(image, 200))) {
            Reply created = app.post("/workflows/" + Runs.template(app, "Remove background") + "/runs",
                    "{\"zipUrl\": \"" + files.url("/copies.zip") + "\"}");
            JsonNode run = Runs.awaitEnd(app, created.json().path("id").asLong(), Duration.ofSeconds(60));
            assertThat(run.path("status").asText()).isEqualTo("failed");
            assertThat(run.path("totalItems").asInt()).isZero();
            assertThat(run.path("error").path("code").asText()).isEqualTo("zip_invalid");
            assertThat(run.path("error").path("message").asText()).contains("overlap");
        }
    }

    private static JsonNode error(Map<String, JsonNode> items, String name) {
        JsonNode item = items.get(name);
        assertThat(item.path("status").asText()).as(item.toString()).isEqualTo("failed");
        return item.path("error");
    }

    /** Bytes allocated so far by the pool's worker threads, in this JVM. */
    private static long allocatedByWorkers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("flowrun-worker-"))
                .mapToLong(thread -> THREADS.getThreadAllocatedBytes(thread.getId()))
                .filter(bytes -> bytes > 0)
                .sum();
    }

    /** A BMP whose header says its data is a JPEG (compression 4), followed by one. */
    private static byte[] bmpWrappingJpeg() {
        byte[] jpeg = Images.jpegDisc();
        ByteBuffer b = ByteBuffer.allocate(54 + jpeg.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 'B').put((byte) 'M').putInt(b.capacity()).putInt(0).putInt(54);
        b.putInt(40).putInt(160).putInt(120).putShort((short) 1).putShort((short) 0).putInt(4)
                .putInt(jpeg.length).putInt(2835).putInt(2835).putInt(0).putInt(0);
        return b.put(jpeg).array();
    }
}
