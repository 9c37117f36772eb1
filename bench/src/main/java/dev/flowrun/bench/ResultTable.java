package dev.flowrun.bench;

import java.util.ArrayList;
import java.util.List;

/** The one markdown table the benchmark prints: what was measured, the figure, the goal, and whether it is met. */
final class ResultTable {
    private final List<String[]> rows = new ArrayList<>();

    void add(String area, String measure, String result, String goal, Boolean met) {
        rows.add(new String[] {area, measure, result, goal, met == null ? "" : met ? "yes" : "**no**"});
    }

    String markdown() {
        var out = new StringBuilder("| area | measure | result | goal | met |\n|---|---|---|---|---|\n");
        for (String[] row : rows) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return out.toString();
    }

    static String ms(double millis) {
        return millis < 10 ? String.format("%.2f ms", millis) : String.format("%.0f ms", millis);
    }

    static String rps(double rps) {
        return String.format("%,.0f rps", rps);
    }

    static String ratio(double ratio) {
        return String.format("%.2f×", ratio);
    }
}
