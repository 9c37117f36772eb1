package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ZipLayoutTest {
    @Test
    void jsonRoundTrips() {
        for (ZipLayout layout : ZipLayout.values()) {
            assertThat(ZipLayout.parse(layout.json())).contains(layout);
        }
        assertThat(ZipLayout.PRESERVE.json()).isEqualTo("preserve");
        assertThat(ZipLayout.FLATTEN.json()).isEqualTo("flatten");
    }

    @Test
    void parseIsExact() {
        assertThat(ZipLayout.parse("FLATTEN")).isEmpty();
        assertThat(ZipLayout.parse(" flatten")).isEmpty();
        assertThat(ZipLayout.parse("")).isEmpty();
        assertThat(ZipLayout.parse(null)).isEmpty();
    }
}
