package dev.flowrun.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import dev.flowrun.files.StorageConfig;
import dev.flowrun.files.StorageUnavailable;
import dev.flowrun.files.s3.ObjectStores;
import dev.flowrun.imaging.ImageDecoder;
import dev.flowrun.input.InputFetcher;
import dev.flowrun.net.LazyClient;
import dev.flowrun.net.OutboundGuard;
import dev.flowrun.nodes.NodeFailure;
import dev.flowrun.support.Argb;
import dev.flowrun.support.FileServer;
import dev.flowrun.support.Images;
import dev.flowrun.support.S3ProxyServer;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code background}'s {@code imageUrl} is fetched once per run, not once per compiled graph: instances sharing the
 * data directory (each its own fetcher, graph and node) and a graph compiled again after a restart find the run's
 * copy and only decode it.
 */
class RunRemoteImagesTest {
    @AutoClose
    final FileServer files = new FileServer()
            .serve("/backdrop.png", Images.encode(Argb.filled(30, 20, 0xFF2060C0, false), "png"));
    @TempDir
    Path dataDir;

    private RunRemoteImages instance(long runId) {
        FileStore store = new DirectoryStore(dataDir);
        return new RunRemoteImages(new InputFetcher(LazyClient.of(() -> OutboundGuard.baseClient(true)), store), store,
                new ImageDecoder(10_000_000L), runId);
    }

    @Test
    void twoInstancesOfOneRunAskTheServerOnceAndAnotherRunAsksAgain() throws NodeFailure {
        String url = files.url("/backdrop.png");
        BufferedImage first = instance(7).fetch(url);
        BufferedImage second = instance(7).fetch(url);
        assertThat(files.requests("/backdrop.png")).as("one request for run 7, whoever asks").isEqualTo(1);
        assertThat(second.getWidth()).isEqualTo(30);
        assertThat(second.getRGB(3, 3)).isEqualTo(first.getRGB(3, 3)).isEqualTo(0xFF2060C0);
        instance(8).fetch(url);
        assertThat(files.requests("/backdrop.png")).as("a run of its own fetches its own").isEqualTo(2);
    }

    @Test
    void aFailedDownloadLeavesNothingBehindToBeMistakenForTheImage() {
        String url = files.url("/missing.png");
        assertThatThrownBy(() -> instance(9).fetch(url)).isInstanceOf(NodeFailure.class).hasMessageContaining("404");
        assertThatThrownBy(() -> instance(9).fetch(url)).isInstanceOf(NodeFailure.class).hasMessageContaining("404");
        assertThat(files.requests("/missing.png")).as("a failure is not kept across instances: asked again")
                .isEqualTo(2);
    }

    @Test
    void aStoreAwayIsToldAsTheStoresFailureAndTheImageComesOnceItIsBack() throws Exception {
        String url = files.url("/backdrop.png");
        try (S3ProxyServer own = S3ProxyServer.startNew();
             var opened = ObjectStores.open(new StorageConfig(own.newBucket(), "", own.endpoint(), "us-east-1", true,
                     S3ProxyServer.ACCESS_KEY, S3ProxyServer.SECRET_KEY, null), dataDir)) {
            RunRemoteImages images = new RunRemoteImages(new InputFetcher(LazyClient.of(() -> OutboundGuard.baseClient(true)),
                    opened.store()), opened.store(), new ImageDecoder(10_000_000L), 11);
            own.stop();
            assertThatThrownBy(() -> images.fetch(url)).isInstanceOf(NodeFailure.class)
                    .satisfies(e -> assertThat(StorageUnavailable.in(e))
                            .as("the store's failure travels with the node's, so the item waits for the store")
                            .isNotNull());
            own.start();
            assertThat(images.fetch(url).getRGB(3, 3)).isEqualTo(0xFF2060C0);
        }
    }
}
