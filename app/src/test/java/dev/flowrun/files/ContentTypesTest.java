package dev.flowrun.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ContentTypesTest {
    @ParameterizedTest
    @CsvSource({
            "red.png, image/png",
            "RED.PNG, image/png",
            "a.jpg, image/jpeg",
            "a.b.JPEG, image/jpeg",
            "x.gif, image/gif",
            "x.bmp, image/bmp",
            "x.tif, image/tiff",
            "x.tiff, image/tiff",
            "x.webp, image/webp",
            "outputs.zip, application/zip",
            "notes.txt, application/octet-stream",
            "png, application/octet-stream",
            "trailing., application/octet-stream",
    })
    void contentTypeByExtension(String name, String type) {
        assertThat(ContentTypes.of(name)).isEqualTo(type);
    }

    @Test
    void contentTypeOfNull() {
        assertThat(ContentTypes.of(null)).isEqualTo("application/octet-stream");
    }

    /** Plain names as they are; others with an ASCII stand-in and the exact name percent-encoded; none: "file". */
    static Stream<Arguments> dispositions() {
        return Stream.of(
                arguments("red.png", false, "inline; filename=\"red.png\"; filename*=UTF-8''red.png"),
                arguments("outputs.zip", true, "attachment; filename=\"outputs.zip\"; filename*=UTF-8''outputs.zip"),
                arguments("Grüße 照片.png", true,
                        "attachment; filename=\"Gr__e __.png\"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%E7%85%A7%E7%89%87.png"),
                arguments("a\"b\\c\r\nd🦀.png", false,
                        "inline; filename=\"a_b_c__d_.png\"; filename*=UTF-8''a%22b%5Cc%0D%0Ad%F0%9F%A6%80.png"),
                arguments("", false, "inline; filename=\"file\"; filename*=UTF-8''file"));
    }

    @ParameterizedTest
    @MethodSource("dispositions")
    void contentDisposition(String name, boolean attachment, String expected) {
        assertThat(ContentTypes.contentDisposition(name, attachment)).isEqualTo(expected);
    }
}
