package dev.flowrun.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The second JVM of a local run compiles with the quick compiler only, unless the user said how to compile. */
class RelaunchCompilerTest {
    @Test
    void theQuickCompilerOnlyUnlessTheUsersOptionsSayHowToCompile() {
        assertThat(Relaunch.compiler(List.of())).containsExactly("-XX:TieredStopAtLevel=1");
        assertThat(Relaunch.compiler(List.of("-Xmx2g", "-XX:+UseSerialGC"))).containsExactly("-XX:TieredStopAtLevel=1");
        assertThat(Relaunch.compiler(List.of("-XX:TieredStopAtLevel=4"))).isEmpty();
        assertThat(Relaunch.compiler(List.of("-XX:-TieredCompilation"))).isEmpty();
        assertThat(Relaunch.compiler(List.of("-Xint"))).isEmpty();
    }
}
