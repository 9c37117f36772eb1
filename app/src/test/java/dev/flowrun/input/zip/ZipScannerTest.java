package dev.flowrun.input.zip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.support.Images;
import dev.flowrun.support.Zips;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive reader on its own, with limits small enough to reach in a unit test. */
class ZipScannerTest {
    static final ZipLimits SMALL = new ZipLimits(1L << 30, 5, 64L << 20, 100, 1L << 20);
    @TempDir
    Path dir;

    record Seen(int position, String fileName, byte[] bytes) {
    }

    /** Scans and collects every image handed over, with its bytes. */
    List<Seen> scan(byte[] zip, ZipLimits limits) throws Exception {
        Path file = Files.write(dir.resolve("archive-" + System.nanoTime() + ".zip"), zip);
        List<Seen> seen = new ArrayList<>();
        int count = new ZipScanner(limits).scan(file, (entry, content) ->
                seen.add(new Seen(entry.position(), entry.fileName(), content.readAllBytes())), StopCheck.NEVER);
        assertThat(count).isEqualTo(seen.size());
        return seen;
    }

    ZipFailure failure(byte[] zip, ZipLimits limits, List<String> handed) {
        Path file;
        try {
            file = Files.write(dir.resolve("archive-" + System.nanoTime() + ".zip"), zip);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> new ZipScanner(limits).scan(file,
                (entry, content) -> {
                    handed.add(entry.fileName());
                    content.transferTo(OutputSink.INSTANCE);
                }, StopCheck.NEVER));
        assertThat(thrown).isInstanceOf(ZipFailure.class);
        assertThat(((ZipFailure) thrown).code()).isEqualTo(ZipFailure.INVALID);
        return (ZipFailure) thrown;
    }

    @Test
    void imagesAreFoundByContentInDirectoryOrderAndEverythingElseIsSkipped() throws Exception {
        byte[] png = Images.pngDisc();
        byte[] jpeg = Images.jpegDisc();
        byte[] zip = Zips.builder()
                .folder("shoes")
                .add("shoes/red.png", png)
                .add("notes.txt", "just text".getBytes(StandardCharsets.UTF_8))
                .add("fake.png", "not a png at all".getBytes(StandardCharsets.UTF_8))
                .add("photo.dat", jpeg)
                .add("__MACOSX/shoes/._red.png", png)
                .add("link.png", png)
                .add("BM-notes.txt", "BM but no bitmap header follows".getBytes(StandardCharsets.UTF_8))
                .build();
        List<Seen> seen = scan(Zips.markSymlink(zip, "link.png"), ZipLimits.CONTRACT);

        assertThat(seen).extracting(Seen::fileName).containsExactly("shoes/red.png", "photo.dat");
        assertThat(seen).extracting(Seen::position).containsExactly(0, 1);
        assertThat(seen.get(0).bytes()).isEqualTo(png);
        assertThat(seen.get(1).bytes()).isEqualTo(jpeg);
    }

    @Test
    void hostilePathsBecomeHarmlessNamesAndDuplicatesAreKeptApart() throws Exception {
        byte[] png = Zips.png(1);
        byte[] zip = Zips.builder()
                .add("../../evil.png", png)
                .add("..\\..\\windows\\evil.png", png)
                .add("/etc/absolute.png", png)
                .add("C:\\drive\\letter.png", png)
                .add("a/./b/../c.png", png)
                .add("a/b/c.png", Zips.png(2))
                .build();
        List<Seen> seen = scan(zip, ZipLimits.CONTRACT);

        assertThat(seen).extracting(Seen::fileName).containsExactly(
                "evil.png", "windows/evil.png", "etc/absolute.png", "drive/letter.png", "a/b/c.png", "a/b/c.png");
        assertThat(seen).extracting(Seen::position).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(seen.get(5).bytes()).isEqualTo(Zips.png(2));
    }

    @Test
    void namesKeepTheirUnicodeInComposedForm() throws Exception {
        String decomposed = "cafe\u0301/u\u0308ber.png";
        List<Seen> seen = scan(Zips.builder().add(decomposed, Zips.png(3)).build(), ZipLimits.CONTRACT);
        assertThat(seen).extracting(Seen::fileName).containsExactly("café/über.png");
    }

    /** One entry more than {@code SMALL} allows. */
    static byte[] sixImages() {
        Zips builder = Zips.builder();
        for (int i = 0; i < 6; i++) {
            builder.add("img-" + i + ".png", Zips.png(i));
        }
        return builder.build();
    }

    @Test
    void moreEntriesThanAllowedAreRefusedBeforeAnythingIsExtracted() {
        List<String> handed = new ArrayList<>();
        ZipFailure failure = failure(sixImages(), SMALL, handed);
        assertThat(failure.getMessage()).contains("6 entries").contains("at most 5");
        assertThat(handed).isEmpty();
    }

    @Test
    void theEntryCountIsCountedNotTakenFromTheEndRecord() {
        List<String> handed = new ArrayList<>();
        ZipFailure failure = failure(Zips.withDeclaredEntries(sixImages(), 2), SMALL, handed);
        assertThat(failure.getMessage()).contains("more than 5 entries");
        assertThat(handed).isEmpty();
    }

    @Test
    void declaredSizesOverTheLimitAreRefusedBeforeAnythingIsExtracted() {
        var limits = new ZipLimits(1L << 30, 100, 100_000, 100, 1L << 20);
        byte[] zip = Zips.builder().add("a.png", Zips.png(1)).stored("big.bin", new byte[150_000]).build();
        List<String> handed = new ArrayList<>();
        ZipFailure failure = failure(zip, limits, handed);
        assertThat(failure.getMessage()).contains("declares more than");
        assertThat(handed).isEmpty();
    }

    @Test
    void bytesActuallyInflatedAreCountedWhateverTheArchiveDeclares() {
        var limits = new ZipLimits(1L << 30, 100, 2L << 20, 1000, 64L << 20);
        byte[] honest = Zips.builder().add("first.bmp", bmpOf(1 << 20)).add("second.bmp", bmpOf(3 << 20)).build();
        // The directory claims 10 bytes for the big one: only counting what comes out of the inflater catches it.
        byte[] lying = Zips.withCentralField(honest, "second.bmp", 24, 4, 10);
        List<String> handed = new ArrayList<>();
        ZipFailure failure = failure(lying, limits, handed);
        assertThat(failure.getMessage()).contains("inflates to more than 2 MiB");
        assertThat(handed).containsExactly("first.bmp", "second.bmp");
    }

    @Test
    void aZipBombIsStoppedAfterAFewMegabytesWithoutFillingAnything() throws Exception {
        // Declaring a small size, as bombs do, so that only the bytes coming out of the inflater give it away.
        byte[] zip = Zips.withCentralField(Zips.bombArchive("bomb.bmp", 48L << 20), "bomb.bmp", 24, 4, 1000);
        assertThat(zip.length).as("a thousand to one").isLessThan(1 << 20);
        Path file = Files.write(dir.resolve("bomb.zip"), zip);
        long[] received = {0};
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> new ZipScanner(SMALL).scan(file,
                (entry, content) -> {
                    byte[] buffer = new byte[64 * 1024];
                    for (int n; (n = content.read(buffer)) != -1; ) {
                        received[0] += n;
                    }
                }, StopCheck.NEVER));
        assertThat(thrown).isInstanceOf(ZipFailure.class).hasMessageContaining("bomb.bmp")
                .hasMessageContaining("100 times");
        assertThat(received[0]).as("stopped just past the 1 MiB floor").isLessThan(2L << 20);
    }

    @Test
    void manySmallEntriesThatTogetherInflateBeyondReasonAreRefused() {
        Zips builder = Zips.builder();
        for (int i = 0; i < 4; i++) {
            builder.add("flat-" + i + ".bmp", bmpOf(900_000));
        }
        var limits = new ZipLimits(1L << 30, 100, 64L << 20, 100, 1L << 20);
        List<String> handed = new ArrayList<>();
        ZipFailure failure = failure(builder.build(), limits, handed);
        assertThat(failure.getMessage()).contains("it inflates to more than 100 times");
        assertThat(handed).as("each entry alone stays under the floor").hasSizeGreaterThan(1);
    }

    @Test
    void aCorruptEntryIsRefusedByItsChecksum() {
        byte[] content = Zips.png(7);
        byte[] zip = Zips.builder().stored("a.png", content).build();
        byte[] tampered = content.clone();
        tampered[tampered.length - 5] ^= 0x55;
        ZipFailure failure = failure(Zips.replaceFirst(zip, content, tampered), ZipLimits.CONTRACT, new ArrayList<>());
        assertThat(failure.getMessage()).contains("a.png").contains("checksum");
    }

    @Test
    void damagedOrCutCompressedDataIsRefused() {
        byte[] zip = Zips.builder().add("a.bmp", bmpOf(200_000)).build();
        int dataStart = 30 + (zip[26] & 0xFF) + (zip[28] & 0xFF);
        byte[] damaged = zip.clone();
        // The first block header: final block of the reserved type 3, which no inflater accepts.
        damaged[dataStart] = (byte) 0xFF;
        assertThat(failure(damaged, ZipLimits.CONTRACT, new ArrayList<>()).getMessage())
                .contains("a.bmp").contains("compressed data is invalid");
        // The directory says the data is 20 bytes long: it ends before the deflate stream does.
        byte[] cut = Zips.withCentralField(zip, "a.bmp", 20, 4, 20);
        assertThat(failure(cut, ZipLimits.CONTRACT, new ArrayList<>()).getMessage())
                .contains("a.bmp").contains("cut off");
    }

    @Test
    void somethingThatIsNotAZipIsRefused() {
        ZipFailure text = failure("hello, this is text".getBytes(StandardCharsets.UTF_8), ZipLimits.CONTRACT, new ArrayList<>());
        assertThat(text.getMessage()).contains("not a zip");
        assertThat(failure(new byte[0], ZipLimits.CONTRACT, new ArrayList<>()).getMessage()).contains("not a zip");
        byte[] zip = Zips.builder().add("a.png", Zips.png(1)).add("b.png", Zips.png(2)).build();
        assertThat(failure(Arrays.copyOf(zip, zip.length / 2), ZipLimits.CONTRACT, new ArrayList<>()).getMessage())
                .contains("not a zip");
    }

    @Test
    void anEncryptedEntryIsRefusedRatherThanSilentlyLost() {
        byte[] zip = Zips.withCentralField(Zips.builder().add("secret.png", Zips.png(1)).build(), "secret.png", 8, 2, 0x809);
        ZipFailure failure = failure(zip, ZipLimits.CONTRACT, new ArrayList<>());
        assertThat(failure.getMessage()).contains("secret.png").contains("encrypted");
    }

    @Test
    void anArchiveAfterAStubIsReadLikeUnzipDoes() throws Exception {
        byte[] zip = Zips.builder().add("a.png", Zips.png(1)).build();
        byte[] stub = "#!/bin/sh\necho this is a self-extractor\nexit 0\n".getBytes(StandardCharsets.UTF_8);
        byte[] withStub = new byte[stub.length + zip.length];
        System.arraycopy(stub, 0, withStub, 0, stub.length);
        System.arraycopy(zip, 0, withStub, stub.length, zip.length);
        assertThat(scan(withStub, ZipLimits.CONTRACT)).extracting(Seen::fileName).containsExactly("a.png");
    }

    @Test
    void anEmptyArchiveHasNoImages() throws Exception {
        assertThat(scan(Zips.builder().build(), ZipLimits.CONTRACT)).isEmpty();
        assertThat(scan(Zips.builder().folder("empty").add("readme.txt", new byte[10]).build(), ZipLimits.CONTRACT)).isEmpty();
    }

    @Test
    void aStopIsHonouredBetweenEntries() throws Exception {
        Path file = Files.write(dir.resolve("a.zip"), Zips.builder().add("a.png", Zips.png(1)).add("b.png", Zips.png(2)).build());
        List<String> handed = new ArrayList<>();
        assertThatThrownBy(() -> new ZipScanner(ZipLimits.CONTRACT).scan(file, (entry, content) -> {
            handed.add(entry.fileName());
            content.readAllBytes();
        }, () -> {
            if (!handed.isEmpty()) {
                throw new ZipStopped("cancelled");
            }
        })).isInstanceOf(ZipStopped.class);
        assertThat(handed).containsExactly("a.png");
    }

    /** A BMP of {@code size} bytes, all zero after the header: compresses about a thousand to one. */
    static byte[] bmpOf(int size) {
        byte[] bytes = new byte[size];
        byte[] header = Zips.bmpHeader();
        System.arraycopy(header, 0, bytes, 0, header.length);
        return bytes;
    }

    /** Discards what it is given. */
    static final class OutputSink extends java.io.OutputStream {
        static final OutputSink INSTANCE = new OutputSink();

        @Override
        public void write(int b) {
        }

        @Override
        public void write(byte[] b, int off, int len) {
        }
    }
}
