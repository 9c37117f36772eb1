package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.flowrun.nodes.TestSupport.compile;
import static dev.flowrun.nodes.TestSupport.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class NodeValidationTest {

    static Stream<Arguments> valid() {
        return Stream.of(
                arguments("imageInput", "{}"),
                arguments("imageInput", "null"),
                arguments("imageInput", "{'label': 'Photos', 'x': 1}"),
                arguments("removeBackground", "{}"),
                arguments("removeBackground", "{'tolerance': 1, 'feather': 0}"),
                arguments("removeBackground", "{'tolerance': 100, 'feather': 20, 'label': 'cut'}"),
                arguments("removeBackground", "{'tolerance': null}"),
                arguments("resize", "{'width': 1}"),
                arguments("resize", "{'height': 20000}"),
                arguments("resize", "{'width': 10, 'height': 10, 'fit': 'cover', 'upscale': true}"),
                arguments("resize", "{'width': 10, 'height': 10, 'fit': 'fill', 'somethingNew': [1]}"),
                arguments("crop", "{'x': 0, 'y': 0, 'width': 1, 'height': 1}"),
                arguments("crop", "{'x': 5000000, 'y': 3, 'width': 2147483647, 'height': 9}"),
                arguments("trim", "{}"),
                arguments("trim", "{'padding': 10000}"),
                arguments("pad", "{'width': 100, 'height': 50}"),
                arguments("pad", "{'width': 1, 'height': 20000, 'background': '#aBcDeF'}"),
                arguments("pad", "{'width': 1, 'height': 1, 'background': '#00000080'}"),
                arguments("pad", "{'width': 1, 'height': 1, 'background': 'transparent'}"),
                arguments("pad", "{'width': 100, 'height': 60, 'margin': 29, 'scale': 'down', 'position': 'auto'}"),
                arguments("pad", "{'width': 100, 'height': 60, 'margin': '49.5%', 'scale': 'fit', 'position': 'left'}"),
                arguments("pad", "{'width': 100, 'height': 60, 'margin': '0%', 'position': 'top'}"),
                arguments("fill", "{'color': '#FFFFFF'}"),
                arguments("fill", "{'color': '#00ff7f', 'label': 'white'}"),
                arguments("rotate", "{'degrees': 90}"),
                arguments("rotate", "{'degrees': 180}"),
                arguments("rotate", "{'degrees': 270}"),
                arguments("flip", "{'direction': 'horizontal'}"),
                arguments("flip", "{'direction': 'vertical'}"),
                arguments("grayscale", "{}"),
                arguments("output", "{}"),
                arguments("output", "{'format': 'jpeg', 'quality': 1}"),
                arguments("output", "{'format': 'png', 'quality': 100}"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("valid")
    void validDataCompiles(String type, String data) throws InvalidNodeData {
        assertThat(compile(type, data)).isNotNull();
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                arguments("imageInput", "[]", "data"),
                arguments("grayscale", "'gray'", "data"),
                arguments("removeBackground", "{'tolerance': 0}", "tolerance"),
                arguments("removeBackground", "{'tolerance': 101}", "tolerance"),
                arguments("removeBackground", "{'tolerance': '50'}", "tolerance"),
                arguments("removeBackground", "{'tolerance': 50.5}", "tolerance"),
                arguments("removeBackground", "{'tolerance': 50.0}", "tolerance"),
                arguments("removeBackground", "{'feather': -1}", "feather"),
                arguments("removeBackground", "{'feather': 21}", "feather"),
                arguments("removeBackground", "{'feather': true}", "feather"),
                arguments("resize", "{}", "width"),
                arguments("resize", "{'fit': 'cover'}", "width"),
                arguments("resize", "{'width': 0}", "width"),
                arguments("resize", "{'width': 20001}", "width"),
                arguments("resize", "{'width': 10, 'height': -5}", "height"),
                arguments("resize", "{'width': 10, 'height': '10'}", "height"),
                arguments("resize", "{'width': 10, 'fit': 'stretch'}", "fit"),
                arguments("resize", "{'width': 10, 'fit': 'COVER'}", "fit"),
                arguments("resize", "{'width': 10, 'fit': 1}", "fit"),
                arguments("resize", "{'width': 10, 'upscale': 'true'}", "upscale"),
                arguments("resize", "{'width': 10, 'upscale': 1}", "upscale"),
                arguments("resize", "{'width': 99999999999999999999}", "width"),
                arguments("resize", "{'width': 4294967297}", "width"),
                arguments("crop", "{'y': 0, 'width': 1, 'height': 1}", "x"),
                arguments("crop", "{'x': 0, 'width': 1, 'height': 1}", "y"),
                arguments("crop", "{'x': 0, 'y': 0, 'height': 1}", "width"),
                arguments("crop", "{'x': 0, 'y': 0, 'width': 1}", "height"),
                arguments("crop", "{'x': -1, 'y': 0, 'width': 1, 'height': 1}", "x"),
                arguments("crop", "{'x': 0, 'y': 0, 'width': 0, 'height': 1}", "width"),
                arguments("crop", "{'x': 0, 'y': 0, 'width': 1, 'height': 1.5}", "height"),
                arguments("crop", "{'x': 0, 'y': 0, 'width': 1, 'height': 3000000000}", "height"),
                arguments("trim", "{'padding': -1}", "padding"),
                arguments("trim", "{'padding': 10001}", "padding"),
                arguments("trim", "{'padding': '2'}", "padding"),
                arguments("pad", "{'height': 10}", "width"),
                arguments("pad", "{'width': 10}", "height"),
                arguments("pad", "{'width': 20001, 'height': 10}", "width"),
                arguments("pad", "{'width': 10, 'height': 10, 'background': 'white'}", "background"),
                arguments("pad", "{'width': 10, 'height': 10, 'background': '#FFF'}", "background"),
                arguments("pad", "{'width': 10, 'height': 10, 'background': 'FFFFFF'}", "background"),
                arguments("pad", "{'width': 10, 'height': 10, 'background': '#GGGGGG'}", "background"),
                arguments("pad", "{'width': 10, 'height': 10, 'background': 16777215}", "background"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': 5}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': -1}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': '50%'}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': '5'}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': '5 %'}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'margin': 1.5}", "margin"),
                arguments("pad", "{'width': 10, 'height': 10, 'scale': 'up'}", "scale"),
                arguments("pad", "{'width': 10, 'height': 10, 'position': 'middle'}", "position"),
                arguments("pad", "{'width': 10, 'height': 10, 'position': 'Bottom'}", "position"),
                arguments("fill", "{}", "color"),
                arguments("fill", "{'color': '#FFFFFF80'}", "color"),
                arguments("fill", "{'color': 'transparent'}", "color"),
                arguments("fill", "{'color': ['#FFFFFF']}", "color"),
                arguments("rotate", "{}", "degrees"),
                arguments("rotate", "{'degrees': '90'}", "degrees"),
                arguments("rotate", "{'degrees': 90.5}", "degrees"),
                arguments("rotate", "{'degrees': 45}", "degrees"),
                arguments("rotate", "{'degrees': -90}", "degrees"),
                arguments("rotate", "{'degrees': 360}", "degrees"),
                arguments("rotate", "{'degrees': 4294967386}", "degrees"),
                arguments("flip", "{}", "direction"),
                arguments("flip", "{'direction': 'diagonal'}", "direction"),
                arguments("flip", "{'direction': true}", "direction"),
                arguments("output", "{'format': 'gif'}", "format"),
                arguments("output", "{'format': 'jpg'}", "format"),
                arguments("output", "{'format': 'jpeg', 'quality': 0}", "quality"),
                arguments("output", "{'format': 'jpeg', 'quality': 101}", "quality"),
                arguments("output", "{'format': 'jpeg', 'quality': '90'}", "quality"),
                arguments("output", "{'format': 'png', 'quality': 101}", "quality"));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("invalid")
    void invalidDataNamesTheField(String type, String data, String field) {
        assertThatThrownBy(() -> compile(type, data))
                .isInstanceOfSatisfying(InvalidNodeData.class, e -> {
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.getMessage()).startsWith(field).doesNotContain("\n");
                });
    }

    @Test
    void messagesReadAsSentences() {
        assertThatThrownBy(() -> compile("removeBackground", "{'tolerance': 0}"))
                .hasMessage("tolerance must be an integer from 1 to 100");
        assertThatThrownBy(() -> compile("pad", "{'width': 10, 'height': 10, 'background': 'red'}"))
                .hasMessage("background must be #RRGGBB, #RRGGBBAA or transparent");
        assertThatThrownBy(() -> compile("rotate", "{'degrees': '90'}"))
                .hasMessage("degrees must be 90, 180 or 270");
        assertThatThrownBy(() -> compile("rotate", "{}"))
                .hasMessage("degrees is required and must be 90, 180 or 270");
        assertThatThrownBy(() -> compile("crop", "{'x': -1, 'y': 0, 'width': 1, 'height': 1}"))
                .hasMessage("x must be an integer of at least 0");
    }

    @Test
    void missingDataIsAnEmptyObject() throws InvalidNodeData {
        assertThat(TestSupport.CATALOGUE.find("trim").orElseThrow().compile((JsonNode) null)).isNotNull();
        assertThat(TestSupport.CATALOGUE.find("output").orElseThrow().compile(json("null")))
                .isInstanceOfSatisfying(OutputNode.class, o -> assertThat(o.extension()).isEqualTo("png"));
    }

    @Test
    void compiledSettingsAreTheParsedValues() throws InvalidNodeData {
        assertThat(compile("pad", "{'width': 3, 'height': 4, 'background': '#11223344'}"))
                .isEqualTo(new PadNodeType.Pad(3, 4, 0x44112233, 0, false, PadPlacement.Position.AUTO));
        assertThat(compile("pad", "{'width': 1024, 'height': 800, 'margin': '5%', 'scale': 'fit', 'position': 'bottom'}"))
                .isEqualTo(new PadNodeType.Pad(1024, 800, 0, 40, true, PadPlacement.Position.BOTTOM));
        assertThat(compile("pad", "{'width': 100, 'height': 100, 'margin': 12, 'position': 'center'}"))
                .isEqualTo(new PadNodeType.Pad(100, 100, 0, 12, false, PadPlacement.Position.CENTER));
        assertThat(compile("fill", "{'color': '#aabbcc'}")).isEqualTo(new FillNodeType.Fill(0xFFAABBCC));
        assertThat(compile("resize", "{'height': 7}"))
                .isEqualTo(new ResizeNodeType.Resize(0, 7, ResizeNodeType.Fit.CONTAIN, false));
        assertThat(compile("output", "{'format': 'jpeg'}")).isEqualTo(new OutputNodeType.Jpeg(90));
    }
}
