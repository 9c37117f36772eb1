package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FileLayoutTest {

    @Test
    void everyFileOfARunIsUnderItsFolder() {
        String folder = FileLayout.runFolder(7);
        assertThat(FileLayout.input(7, 3, "in", "shoes/red.jpg")).isEqualTo("runs/7/in/3/in/red.jpg");
        assertThat(FileLayout.output(7, 42, "out 2", "red.png")).isEqualTo("runs/7/out/42/out_2/red.png");
        assertThat(FileLayout.outputArchive(7)).isEqualTo("runs/7/outputs.zip");
        assertThat(FileLayout.downloadedArchive(7)).isEqualTo("runs/7/zip/archive.zip");
        assertThat(FileLayout.uploadedArchive(7)).isEqualTo("runs/7/source/archive.zip");
        for (String key : new String[] {FileLayout.inputsFolder(7), FileLayout.outputsFolder(7, 42),
                FileLayout.downloadFolder(7), FileLayout.uploadedArchiveFolder(7)}) {
            assertThat(key).startsWith(folder + "/");
            assertThat(FileLayout.runOf(key + "/x")).isEqualTo(OptionalLong.of(7));
        }
    }

    @Test
    void aNameCannotPlaceAFileElsewhere() {
        assertThat(FileLayout.input(1, 0, "../in", "../../x/..")).isEqualTo("runs/1/in/0/_.._in/_..");
        assertThat(FileLayout.upload(5, "../../runs/1/a.png")).isEqualTo("uploads/5/_.._.._runs_1_a.png");
        assertThat(FileKeys.isValid(FileLayout.output(1, 2, "..", ".."))).isTrue();
    }

    @Test
    void keysAreReadBackToTheirRunOrUpload() {
        assertThat(FileLayout.archiveOf("runs/12/outputs.zip")).isEqualTo(OptionalLong.of(12));
        assertThat(FileLayout.archiveOf("runs/12/out/1/out/outputs.zip")).isEmpty();
        assertThat(FileLayout.uploadOf(FileLayout.upload(9, "a.png"))).isEqualTo(OptionalLong.of(9));
        assertThat(FileLayout.runOf("runs/12")).isEmpty();
        assertThat(FileLayout.runOf("uploads/12/a.png")).isEmpty();
        assertThat(FileLayout.runOf("runs/abc/a.png")).isEmpty();
    }
}
