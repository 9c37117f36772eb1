package dev.flowrun.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flowrun.error.RangeNotSatisfiable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 9110 §14.2 single byte ranges, against a 1000-byte file. */
class ByteRangeTest {
    static final long SIZE = 1000;

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            bytes=0-99       | 0   | 99
            bytes=100-       | 100 | 999
            bytes=-50        | 950 | 999
            bytes=-5000      | 0   | 999
            bytes=990-5000   | 990 | 999
            bytes=999-999    | 999 | 999
            BYTES=10-19      | 10  | 19
            """)
    void aSingleRangeIsResolvedAgainstTheSize(String header, long start, long end) {
        ByteRange range = ByteRange.parse(header, SIZE);
        assertThat(range).isEqualTo(new ByteRange(start, end));
        assertThat(range.length()).isEqualTo(end - start + 1);
        assertThat(range.contentRange(SIZE)).isEqualTo("bytes " + start + "-" + end + "/1000");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "items=0-10", "bytes=", "bytes=-", "bytes=5-2", "bytes=a-b", "bytes=0-1,5-6",
            "bytes=1.5-2", "bytes=99999999999999999999-", "bytes 0-10", "bytes=--5"})
    void whatIsNotOneWellFormedByteRangeIsIgnored(String header) {
        assertThat(ByteRange.parse(header, SIZE)).isNull();
        assertThat(ByteRange.parse(null, SIZE)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=1000-", "bytes=1000-2000", "bytes=5000-", "bytes=-0"})
    void aRangeOutsideTheFileIsNotSatisfiable(String header) {
        assertThatThrownBy(() -> ByteRange.parse(header, SIZE)).isInstanceOf(RangeNotSatisfiable.class)
                .satisfies(e -> assertThat(((RangeNotSatisfiable) e).size()).isEqualTo(SIZE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=0-", "bytes=-1", "bytes=0-0"})
    void noRangeOfAnEmptyFileIsSatisfiable(String header) {
        assertThatThrownBy(() -> ByteRange.parse(header, 0)).isInstanceOf(RangeNotSatisfiable.class);
    }
}
