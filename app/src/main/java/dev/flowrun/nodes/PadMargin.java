package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pad}'s {@code margin}: whole pixels (a JSON integer), or a percentage of the canvas's smaller side (a
 * string such as {@code "5%"}), so one workflow gives the same look at any canvas size.
 */
record PadMargin(int pixels) {
    static final String RULE = "a whole number of pixels or a percentage of the canvas's smaller side "
            + "below 50, such as \"5%\"";
    private static final Pattern PERCENT = Pattern.compile("(\\d{1,2}(?:\\.\\d{1,3})?)%");

    static PadMargin parse(JsonNode value, int width, int height) throws InvalidNodeData {
        int smaller = Math.min(width, height);
        if (value == null) {
            return new PadMargin(0);
        }
        int pixels;
        if (value.isIntegralNumber() && value.canConvertToInt() && value.intValue() >= 0) {
            pixels = value.intValue();
        } else if (value.isTextual() && PERCENT.matcher(value.textValue()).matches()) {
            Matcher m = PERCENT.matcher(value.textValue());
            m.matches();
            double percent = Double.parseDouble(m.group(1));
            if (percent >= 50) {
                throw new InvalidNodeData("margin", "margin must be " + RULE);
            }
            pixels = (int) Math.floor(smaller * percent / 100);
        } else {
            throw new InvalidNodeData("margin", "margin must be " + RULE);
        }
        if (2L * pixels >= smaller) {
            throw new InvalidNodeData("margin", "margin must leave room for the image: below " + (smaller + 1) / 2
                    + " px on a " + width + "×" + height + " canvas");
        }
        return new PadMargin(pixels);
    }
}
