package dev.flowrun.files;

import static dev.flowrun.files.ZipLayout.FLATTEN;
import static dev.flowrun.files.ZipLayout.PRESERVE;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArchiveNamesTest {
    private static List<String> names(ZipLayout layout, String... paths) {
        return ArchiveNames.entryNames(Arrays.asList(paths), layout);
    }

    @Test
    void preserveKeepsFoldersFlattenKeepsLastSegment() {
        assertThat(names(PRESERVE, "shoes/red.png", "hats/blue.png", "top.png"))
                .containsExactly("shoes/red.png", "hats/blue.png", "top.png");
        assertThat(names(FLATTEN, "shoes/red.png", "hats/blue.png", "top.png"))
                .containsExactly("red.png", "blue.png", "top.png");
    }

    @Test
    void flattenCollisionsGetNumbered() {
        assertThat(names(FLATTEN, "a/red.png", "b/red.png")).containsExactly("red.png", "red-1.png");
        assertThat(names(FLATTEN, "a/red.png", "b/red.png", "c/red.png")).containsExactly("red.png", "red-1.png", "red-2.png");
        assertThat(names(PRESERVE, "a/red.png", "b/red.png")).containsExactly("a/red.png", "b/red.png");
    }

    @Test
    void preserveCollisionsKeepTheFolder() {
        assertThat(names(PRESERVE, "shoes/red.png", "shoes/red.png")).containsExactly("shoes/red.png", "shoes/red-1.png");
    }

    @Test
    void collisionsIgnoreCase() {
        assertThat(names(FLATTEN, "red.png", "Red.PNG")).containsExactly("red.png", "Red-1.PNG");
        assertThat(names(PRESERVE, "Shoes/red.png", "shoes/RED.png")).containsExactly("Shoes/red.png", "shoes/RED-1.png");
    }

    @Test
    void suffixSkipsNamesOtherEntriesAskedFor() {
        assertThat(names(FLATTEN, "red.png", "red.png", "red-1.png")).containsExactly("red.png", "red-2.png", "red-1.png");
        assertThat(names(FLATTEN, "red-1.png", "red.png", "red.png")).containsExactly("red-1.png", "red.png", "red-2.png");
        assertThat(names(FLATTEN, "red.png", "red-1.png", "red-1.png", "red.png"))
                .containsExactly("red.png", "red-1.png", "red-1-1.png", "red-2.png");
    }

    @Test
    void namesWithoutExtensionGetSuffixAtTheEnd() {
        assertThat(names(FLATTEN, "a/README", "b/README", "c/.bashrc", "d/.bashrc"))
                .containsExactly("README", "README-1", ".bashrc", ".bashrc-1");
        assertThat(names(PRESERVE, "v1.2/notes", "v1.2/notes")).containsExactly("v1.2/notes", "v1.2/notes-1");
    }

    @Test
    void junkPathsAreNormalised() {
        assertThat(names(PRESERVE,
                "/abs/red.png",
                "..\\..\\win\\blue.png",
                "./a/./b//c.png",
                "C:\\Users\\me\\d.png",
                "c:e.png",
                "",
                "../..",
                "/",
                "x/../y.png"))
                .containsExactly("abs/red.png", "win/blue.png", "a/b/c.png", "Users/me/d.png", "e.png", "file", "file-1", "file-2", "x/y.png");
        assertThat(names(FLATTEN, "C:\\Users\\me\\d.png", "a/b/")).containsExactly("d.png", "b");
        assertThat(ArchiveNames.entryNames(new ArrayList<>(Arrays.asList((String) null)), FLATTEN)).containsExactly("file");
    }

    @Test
    void fileNamesDoNotCollideWithFolders() {
        assertThat(names(PRESERVE, "shoes", "shoes/red.png", "SHOES")).containsExactly("shoes-1", "shoes/red.png", "SHOES-2");
    }

    @Test
    void stable() {
        List<String> input = List.of("a/red.png", "b/red.png", "Red.png", "red-1.png", "x\\y\\z.gif", "z.GIF");
        List<String> first = ArchiveNames.entryNames(input, FLATTEN);
        for (int i = 0; i < 5; i++) {
            assertThat(ArchiveNames.entryNames(List.copyOf(input), FLATTEN)).isEqualTo(first);
        }
        assertThat(first).containsExactly("red.png", "red-2.png", "Red-3.png", "red-1.png", "z.gif", "z-1.GIF");
        assertThat(first.stream().map(String::toLowerCase).distinct()).hasSize(input.size());
    }

    @Test
    void emptyList() {
        assertThat(ArchiveNames.entryNames(List.of(), PRESERVE)).isEmpty();
    }
}
