package dev.flowrun.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file H2Recovery looks at; what it recovers is RepeatedKillsTest's (it takes a real kill -9). */
class H2RecoveryTest {
    @TempDir
    Path temp;

    @Test
    void findsTheFileOfAnH2FileUrl() {
        assertThat(H2Recovery.storeFile("jdbc:h2:file:/data/flowrun;DB_CLOSE_ON_EXIT=FALSE"))
                .isEqualTo(Path.of("/data/flowrun.mv.db"));
        assertThat(H2Recovery.storeFile("jdbc:h2:./data/flowrun")).isEqualTo(Path.of("./data/flowrun.mv.db"));
        assertThat(H2Recovery.storeFile("jdbc:h2:~/flowrun"))
                .isEqualTo(Path.of(System.getProperty("user.home") + "/flowrun.mv.db"));
    }

    @Test
    void leavesOtherUrlsAlone() {
        assertThat(H2Recovery.storeFile("jdbc:h2:mem:test;DB_CLOSE_DELAY=-1")).isNull();
        assertThat(H2Recovery.storeFile("jdbc:h2:tcp://localhost/flowrun")).isNull();
        assertThat(H2Recovery.storeFile("jdbc:h2:file:/data/flowrun;CIPHER=AES")).isNull();
        assertThat(H2Recovery.storeFile("jdbc:postgresql://localhost/flowrun")).isNull();
    }

    @Test
    void aCleanlyClosedFileIsNotTouched() throws Exception {
        String url = "jdbc:h2:file:" + temp.resolve("flowrun");
        Database.open(url, 1).close();
        Path file = temp.resolve("flowrun.mv.db");
        byte[] before = Files.readAllBytes(file);
        H2Recovery.beforeOpen(url);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
