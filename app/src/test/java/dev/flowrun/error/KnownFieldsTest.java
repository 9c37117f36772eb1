package dev.flowrun.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KnownFieldsTest {
    static final List<String> RUN = List.of("inputs", "zipUrl", "zipLayout", "webhookUrl");

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(nullValues = "none", textBlock = """
            webhookURL,    webhookUrl
            WEBHOOKURL,    webhookUrl
            webhook_url,   webhookUrl
            webhook-url,   webhookUrl
            webhookUri,    webhookUrl
            webhook,       webhookUrl
            webhookUrls,   webhookUrl
            zipLayot,      zipLayout
            zip_layout,    zipLayout
            zipLayuot,     zipLayout
            zipurl,        zipUrl
            zipUlr,        zipUrl
            input,         inputs
            inptus,        inputs
            zip,           none
            callback,      none
            url,           none
            """)
    void suggestsTheKnownFieldACallerMostLikelyMeant(String given, String expected) {
        assertThat(KnownFields.closest(given, RUN)).isEqualTo(Optional.ofNullable(expected));
    }

    @ParameterizedTest(name = "{1} among {0} -> {2}")
    @CsvSource(nullValues = "none", delimiter = '|', textBlock = """
            url name | nmae  | name
            url name | Name  | name
            url name | urll  | url
            url name | uri   | url
            url name | nam   | name
            url name | file  | none
            url name | size  | none
            x y      | X     | x
            x y      | z     | none
            x y      | xx    | none
            """)
    void shortNamesAllowFewerEditsAndOneLetterNamesNone(String known, String given, String expected) {
        assertThat(KnownFields.closest(given, List.of(known.split(" ")))).isEqualTo(Optional.ofNullable(expected));
    }

    @ParameterizedTest(name = "{0} / {1} = {2}")
    @CsvSource(textBlock = """
            name,  name,  0
            nmae,  name,  1
            name,  nam,   1
            name,  names, 1
            abc,   xyz,   3
            ,      abc,   3
            ca,    abc,   3
            """)
    void distanceCountsASwapOfNeighboursAsOneEdit(String a, String b, int expected) {
        assertThat(KnownFields.distance(a == null ? "" : a, b)).isEqualTo(expected);
    }

    @Test
    void aHugeUnknownNameIsNotComparedAtAll() {
        assertThat(KnownFields.closest("w".repeat(1_000_000), RUN)).isEmpty();
    }
}
