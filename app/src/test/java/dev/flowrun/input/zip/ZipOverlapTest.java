package dev.flowrun.input.zip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.flowrun.support.Zips;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entries whose bytes overlap, a shared local header or data running into the next entry, make the whole archive
 * {@code zip_invalid} before a single entry is extracted (as UnZip does since CVE-2019-13232).
 */
class ZipOverlapTest {
    @TempDir
    Path dir;

    @Test
    void directoryEntriesThatShareOneLocalHeaderAreRefused() throws Exception {
        List<String> handed = new ArrayList<>();
        ZipFailure failure = scan(Zips.overlapping(Zips.png(1), 200), handed);
        assertThat(failure.code()).isEqualTo(ZipFailure.INVALID);
        assertThat(failure.getMessage()).contains("overlap").contains("'copy-0001.png'").contains("'copy-0002.png'");
        assertThat(handed).as("nothing extracted").isEmpty();
    }

    @Test
    void anEntryWhoseDataRunsIntoTheNextEntryIsRefused() throws Exception {
        byte[] zip = Zips.builder().stored("a.png", Zips.png(1)).stored("b.png", Zips.png(2)).build();
        // a.png's directory record claims 200 more bytes of data: they would be b.png's header and data.
        byte[] lying = Zips.withCentralField(zip, "a.png", 20, 4, Zips.png(1).length + 200L);
        ZipFailure failure = scan(lying, new ArrayList<>());
        assertThat(failure.code()).isEqualTo(ZipFailure.INVALID);
        assertThat(failure.getMessage()).contains("entry 'a.png' runs into entry 'b.png'");
    }

    @Test
    void theLastEntryMayNotRunIntoTheDirectory() throws Exception {
        byte[] zip = Zips.builder().stored("a.png", Zips.png(1)).build();
        byte[] lying = Zips.withCentralField(zip, "a.png", 20, 4, Zips.png(1).length + 40L);
        assertThat(scan(lying, new ArrayList<>()).getMessage()).contains("runs into the central directory");
    }

    @Test
    void entriesSideBySideAreFine() throws Exception {
        byte[] zip = Zips.builder().add("a.png", Zips.png(1)).stored("b.png", Zips.png(2)).folder("c")
                .add("c/d.png", Zips.png(3)).build();
        Path file = Files.write(dir.resolve("fine.zip"), zip);
        assertThat(new ZipScanner(ZipLimits.CONTRACT).scan(file, (entry, content) -> content.transferTo(
                OutputStream.nullOutputStream()), StopCheck.NEVER)).isEqualTo(3);
    }

    private ZipFailure scan(byte[] zip, List<String> handed) throws Exception {
        Path file = Files.write(dir.resolve("archive-" + System.nanoTime() + ".zip"), zip);
        Throwable thrown = catchThrowable(() -> new ZipScanner(ZipLimits.CONTRACT).scan(file, (entry, content) -> {
            handed.add(entry.fileName());
            content.transferTo(OutputStream.nullOutputStream());
        }, StopCheck.NEVER));
        assertThat(thrown).isInstanceOf(ZipFailure.class);
        return (ZipFailure) thrown;
    }
}
