package dev.flowrun.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code removeBackground}'s {@code roi}: the region where the subject is, {@code {x, y, width, height}}, each in
 * pixels (a JSON integer) or in percent of the photo's width or height (a string such as {@code "10%"}), as
 * remove.bg's. Resolved against each photo and clipped to it ({@link #on}).
 */
record Roi(Length x, Length y, Length width, Length height) {
    static final String RULE = "an object {x, y, width, height}, each a whole number of pixels or a "
            + "percentage of the photo such as \"10%\"";
    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,3})?)%");

    /** Pixels, or percent of the photo's side when {@code percent}. */
    record Length(double value, boolean percent) {
        int on(int side) {
            return percent ? (int) Math.round(side * value / 100) : (int) value;
        }
    }

    /** The roi in {@code value}, or null when absent. */
    static Roi parse(JsonNode value) throws InvalidNodeData {
        if (value == null) {
            return null;
        }
        if (!value.isObject() || value.size() != 4) {
            throw new InvalidNodeData("roi", "roi must be " + RULE);
        }
        Roi roi = new Roi(length(value, "x", false), length(value, "y", false), length(value, "width", true),
                length(value, "height", true));
        if (roi.width.value == 0 || roi.height.value == 0) {
            throw new InvalidNodeData("roi", "roi is empty: width and height must be above 0");
        }
        return roi;
    }

    private static Length length(JsonNode roi, String field, boolean size) throws InvalidNodeData {
        JsonNode v = roi.get(field);
        if (v != null && v.isIntegralNumber() && v.canConvertToInt() && (v.intValue() >= 0 || !size)) {
            return new Length(v.intValue(), false);
        }
        if (v != null && v.isTextual()) {
            Matcher m = PERCENT.matcher(v.textValue());
            if (m.matches() && Double.parseDouble(m.group(1)) <= 100) {
                return new Length(Double.parseDouble(m.group(1)), true);
            }
        }
        throw new InvalidNodeData("roi", "roi." + field + " must be a whole number of pixels"
                + (size ? " (0 or more)" : "") + " or a percentage of the photo from \"0%\" to \"100%\"");
    }

    /**
     * The region on a {@code w}×{@code h} photo, clipped to it: {x0, y0, x1, y1} (x1, y1 exclusive). Empty
     * (x1 ≤ x0 or y1 ≤ y0) when it lies outside the photo.
     */
    int[] on(int w, int h) {
        long x0 = x.on(w);
        long y0 = y.on(h);
        long x1 = x0 + width.on(w);
        long y1 = y0 + height.on(h);
        return new int[] {(int) Math.max(0, Math.min(w, x0)), (int) Math.max(0, Math.min(h, y0)),
                (int) Math.max(0, Math.min(w, x1)), (int) Math.max(0, Math.min(h, y1))};
    }
}
