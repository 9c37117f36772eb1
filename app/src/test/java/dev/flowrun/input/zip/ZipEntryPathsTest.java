package dev.flowrun.input.zip;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ZipEntryPathsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            shoes/red.jpg                  | shoes/red.jpg
            shoes\\red.jpg                 | shoes/red.jpg
            /etc/passwd.png                | etc/passwd.png
            ../../../tmp/x.png             | tmp/x.png
            ..\\..\\x.png                  | x.png
            a/../../b/./c.png              | a/b/c.png
            C:\\Users\\me\\x.png           | Users/me/x.png
            c:x.png                        | x.png
            //server//share///x.png        | server/share/x.png
            ok/na\tme.png                  | ok/name.png
            inv\u202Egpj.exe               | invgpj.exe
            a/\u200B/b.png                  | a/b.png
            """)
    void pathsAreNormalisedToRelativeSlashSeparatedNames(String raw, String expected) {
        assertThat(EntryPaths.normalise(raw)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "..", "../..", "./.", "C:", "\\\\"})
    void pathsWithNothingLeftHaveNoName(String raw) {
        assertThat(EntryPaths.normalise(raw)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"__MACOSX", "__MACOSX/._red.png", "__MACOSX/shoes/._red.png"})
    void macMetadataIsRecognised(String path) {
        assertThat(EntryPaths.isMacMetadata(path)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"__MACOSX.png", "shoes/__MACOSX/x.png", "MACOSX/x.png"})
    void onlyTheTopFolderCountsAsMacMetadata(String path) {
        assertThat(EntryPaths.isMacMetadata(path)).isFalse();
    }
}
