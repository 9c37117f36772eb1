package dev.flowrun.imaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Await;
import dev.flowrun.support.Images;
import dev.flowrun.support.JpegScanBomb;
import dev.flowrun.work.PixelMemory;
import dev.flowrun.work.WorkBudget;
import dev.flowrun.work.WorkStopped;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decoding answers to the item's budget while it runs: past the time limit it stops with {@code unsupported_media},
 * on a cancel with {@link WorkStopped}, in every reader; and it waits for pixel memory other items hold. The
 * scan bombs here get past the scan limit on purpose (a decoder without it), standing for any decoding that is
 * slow however it was checked: decoded to the end, 4000×4000 with 10,000 scans takes minutes.
 */
class DecodingBudgetTest {
    private static final long PIXELS = 50_000_000L;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void theTimeLimitStopsAJpegMidDecode() throws Exception {
        Path bomb = Files.write(dir.resolve("bomb.jpg"), JpegScanBomb.of(4000, 4000, 10_000));
        ImageDecoder unlimited = new ImageDecoder(PIXELS, null, Integer.MAX_VALUE);
        long started = System.nanoTime();
        try (WorkBudget budget = new WorkBudget(Duration.ofSeconds(1)); WorkBudget.Binding bound = budget.bind()) {
            assertThatThrownBy(() -> unlimited.decode(bomb)).isInstanceOfSatisfying(ImageRejected.class, e -> {
                assertThat(e.code()).isEqualTo(ImageRejected.UNSUPPORTED_MEDIA);
                assertThat(e.getMessage()).contains("within the time limit of 1s");
            });
        }
        // A bound, not a timing: the JDK's reader, merely aborted, would have gone on through every scan.
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
    }

    @Test
    void aCancelStopsAJpegMidDecode() throws Exception {
        Path bomb = Files.write(dir.resolve("bomb.jpg"), JpegScanBomb.of(4000, 4000, 10_000));
        PixelMemory memory = new PixelMemory(1L << 30);
        ImageDecoder unlimited = new ImageDecoder(PIXELS, memory, Integer.MAX_VALUE);
        WorkBudget budget = new WorkBudget(null);
        CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
            try (WorkBudget.Binding bound = budget.bind()) {
                unlimited.decode(bomb);
                return null;
            } catch (Throwable e) {
                return e;
            }
        }, threads);
        // Its pixels reserved, the decoding has begun.
        Await.until("the decoding to start", Duration.ofSeconds(30), () -> memory.inUse() > 0);
        budget.cancel("run 1 was cancelled");

        Throwable thrown = outcome.get(60, TimeUnit.SECONDS);
        assertThat(thrown).isInstanceOfSatisfying(WorkStopped.class, e -> assertThat(e.cancelled()).isTrue());
        budget.close();
        assertThat(memory.inUse()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "gif", "bmp", "tiff", "jpeg"})
    void everyReaderLooksAtTheBudgetWhileItDecodes(String format) throws Exception {
        BufferedImage image = new BufferedImage(1500, 1000,
                format.equals("gif") ? BufferedImage.TYPE_BYTE_INDEXED : BufferedImage.TYPE_INT_RGB);
        Path file = Files.write(dir.resolve("image." + format), Images.encode(image, format));
        ImageDecoder decoder = new ImageDecoder(PIXELS);
        assertThat(decoder.decode(file).getWidth()).as("decodes without a budget").isEqualTo(1500);

        // A limit that has passed by the first row: only a reader that calls back stops on it.
        try (WorkBudget budget = new WorkBudget(Duration.ofNanos(1)); WorkBudget.Binding bound = budget.bind()) {
            assertThatThrownBy(() -> decoder.decode(file)).isInstanceOfSatisfying(ImageRejected.class,
                    e -> assertThat(e.getMessage()).contains("within the time limit"));
        }
    }

    @Test
    void anImageWaitsForThePixelsAnotherItemHolds() throws Exception {
        Path file = Files.write(dir.resolve("image.png"), Images.encode(new BufferedImage(1000, 1000,
                BufferedImage.TYPE_INT_RGB), "png"));
        PixelMemory memory = new PixelMemory(1000 * 1000 * PixelMemory.BYTES_PER_PIXEL); // one such image
        ImageDecoder decoder = new ImageDecoder(PIXELS, memory);
        WorkBudget first = new WorkBudget(null);
        try (WorkBudget.Binding bound = first.bind()) {
            decoder.decode(file);
        }
        WorkBudget second = new WorkBudget(null);
        CompletableFuture<BufferedImage> waiting = CompletableFuture.supplyAsync(() -> {
            try (WorkBudget.Binding bound = second.bind()) {
                return decoder.decode(file);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }, threads);
        Await.until("the second image to wait", Duration.ofSeconds(10), () -> memory.waiting() == 1);
        assertThat(waiting).isNotDone();

        first.close(); // the first item ends
        assertThat(waiting.get(30, TimeUnit.SECONDS).getWidth()).isEqualTo(1000);
        second.close();
        assertThat(memory.inUse()).isZero();
    }
}
