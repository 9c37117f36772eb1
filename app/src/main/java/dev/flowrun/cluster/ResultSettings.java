package dev.flowrun.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The settings of an instance that change what a run gives (the largest image, retention, the review mark, the item
 * timeout), by variable name. Instances sharing a database share out each other's items, so they must agree on
 * these: one that starts with other values refuses to start (docs/several-instances.md).
 */
public record ResultSettings(SortedMap<String, String> values) {
    public static final ResultSettings NONE = new ResultSettings(new TreeMap<>());

    public ResultSettings {
        values = new TreeMap<>(values);
    }

    public static ResultSettings of(Map<String, String> values) {
        return new ResultSettings(new TreeMap<>(values));
    }

    /** As stored in {@code instances.result_settings}: one {@code NAME=value} a line; null when there are none. */
    String text() {
        return values.isEmpty() ? null : values.entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining("\n"));
    }

    static ResultSettings parse(String text) {
        TreeMap<String, String> values = new TreeMap<>();
        if (text != null) {
            text.lines().filter(line -> line.contains("=")).forEach(line -> values.put(
                    line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        }
        return new ResultSettings(values);
    }

    /**
     * How this instance's values differ from {@code theirs}, e.g. {@code FLOWRUN_MAX_PIXELS is 1000 here but
     * 5000}; empty when they agree. A setting only one side records (another version) is not compared.
     */
    List<String> differencesFrom(ResultSettings theirs) {
        List<String> differences = new ArrayList<>();
        values.forEach((name, mine) -> {
            String other = theirs.values.get(name);
            if (other != null && !other.equals(mine)) {
                differences.add(name + " is " + mine + " here but " + other);
            }
        });
        return differences;
    }
}
