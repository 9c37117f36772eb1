package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A streaming write stops once the file system is under the reserve, as a full disk stops it. */
class ReserveGuardTest {
    @TempDir
    Path temp;

    @Test
    void aWriteGoesOnWhileTheFileSystemHasMoreThanTheReserve() throws IOException {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        try (ReserveGuard guard = new ReserveGuard(written, temp, 0)) {
            guard.write(new byte[(int) (3 * ReserveGuard.CHECK_EVERY)]);
            guard.write(7);
        }
        assertThat(written.size()).isEqualTo(3 * ReserveGuard.CHECK_EVERY + 1);
    }

    @Test
    void underTheReserveTheWriteFailsAsAFullDiskWithinOneCheckOfBytes() throws IOException {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        ReserveGuard guard = new ReserveGuard(written, temp, Long.MAX_VALUE);
        byte[] chunk = new byte[8 * 1024];
        assertThatThrownBy(() -> {
            for (int i = 0; i < 1000; i++) {
                guard.write(chunk);
            }
        }).isInstanceOf(IOException.class).satisfies(e -> assertThat(DiskFull.in(e)).as(e.getMessage()).isTrue());
        assertThat(written.size()).isLessThan((int) ReserveGuard.CHECK_EVERY);
    }
}
