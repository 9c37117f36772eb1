package dev.flowrun.upload;

import dev.flowrun.error.PayloadTooLarge;
import dev.flowrun.files.DirectoryStore;
import dev.flowrun.files.FileStore;
import dev.flowrun.support.FormBody;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The receiving of forms with small limits: what is kept, what a limit refuses, and that a refusal keeps nothing. */
class FormReceiverTest {
    private static final byte[] ZIP_START = {'P', 'K', 3, 4};
    @TempDir
    Path dir;

    private FormReceiver receiver() {
        return new FormReceiver(new DirectoryStore(dir), new UploadLimits(100, 1000, 3));
    }

    @Test
    void partsAreKeptInOrderWithTheirNamesAndADigestOfTheirContent() throws IOException {
        FormBody form = new FormBody().file("file", "a.png", new byte[] {1, 2}).text("webhookUrl", "https://x.test/h")
                .file("file:back", "b.png", new byte[100]);
        try (ReceivedForm received = receiver().receive(form.stream(), form.contentType(), FormRules.CREATE, true)) {
            assertThat(received.files()).extracting(ReceivedForm.File::part).containsExactly("file", "file:back");
            assertThat(received.files()).extracting(ReceivedForm.File::size).containsExactly(2L, 100L);
            assertThat(Files.readAllBytes(dir.resolve(received.files().get(0).key()))).containsExactly(1, 2);
            assertThat(received.texts()).containsEntry("webhookUrl", "https://x.test/h");
            FormBody otherBoundary = new FormBody("x-other-boundary").file("file", "a.png", new byte[] {1, 2})
                    .text("webhookUrl", "https://x.test/h").file("file:back", "b.png", new byte[100]);
            try (ReceivedForm again = receiver().receive(otherBoundary.stream(), otherBoundary.contentType(),
                    FormRules.CREATE, true)) {
                assertThat(again.digest()).isEqualTo(received.digest());
            }
        }
        assertThat(dir.resolve("tmp")).isEmptyDirectory();
    }

    @Test
    void eachKindOfPartHasItsLimitAndARefusalKeepsNothing() {
        FormBody image = new FormBody().file("file", "ok.png", new byte[100]).file("file", "big.png", new byte[101]);
        assertThatThrownBy(() -> receiver().receive(image.stream(), image.contentType(), FormRules.CREATE, false))
                .isInstanceOf(PayloadTooLarge.class).hasMessageContaining("big.png");
        assertThat(dir.resolve("tmp")).isEmptyDirectory();
        FormBody zip = new FormBody().file("zip", "a.zip", ZIP_START, 1000);
        receiver().receive(zip.stream(), zip.contentType(), FormRules.CREATE, false).close();
        FormBody bigZip = new FormBody().file("zip", "a.zip", ZIP_START, 1001);
        assertThatThrownBy(() -> receiver().receive(bigZip.stream(), bigZip.contentType(), FormRules.CREATE, false))
                .isInstanceOf(PayloadTooLarge.class);
        FormBody sniffed = new FormBody().file("file", "a.zip", ZIP_START, 1000);
        receiver().receive(sniffed.stream(), sniffed.contentType(), FormRules.UPLOADS, false).close();
        FormBody notZip = new FormBody().file("file", "a.bin", new byte[] {'P', 'K', 0, 0}, 101);
        assertThatThrownBy(() -> receiver().receive(notZip.stream(), notZip.contentType(), FormRules.UPLOADS, false))
                .isInstanceOf(PayloadTooLarge.class).hasMessageContaining("100 bytes");
        FormBody four = new FormBody().file("file", "1", new byte[1]).file("file", "2", new byte[1])
                .file("file", "3", new byte[1]).file("file", "4", new byte[1]);
        assertThatThrownBy(() -> receiver().receive(four.stream(), four.contentType(), FormRules.UPLOADS, false))
                .isInstanceOf(PayloadTooLarge.class).hasMessageContaining("at most 3 files");
        assertThat(dir.resolve("tmp")).isEmptyDirectory();
    }
}
