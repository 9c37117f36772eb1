package dev.flowrun.support;

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A scrape in the Prometheus text format (0.0.4), parsed: each sample's name, labels and value, and each family's type. */
public final class PrometheusText {
    private final List<Sample> samples = new ArrayList<>();
    private final Map<String, String> types = new HashMap<>();

    public record Sample(String name, Map<String, String> labels, double value) {
    }

    public PrometheusText(String text) {
        for (String line : text.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                String[] parts = line.substring(7).split(" ");
                types.put(parts[0], parts[1]);
            } else if (!line.isBlank() && !line.startsWith("#")) {
                samples.add(sample(line));
            }
        }
    }

    public List<Sample> samples() {
        return samples;
    }

    public String type(String family) {
        return types.get(family);
    }

    /** The one sample named {@code name} whose labels include {@code labels} ("key", "value", …); fails unless exactly one. */
    public double value(String name, String... labels) {
        List<Sample> found = find(name, labels);
        if (found.size() != 1) {
            String family = name.replaceAll("_(total|count|sum|bucket)$", "");
            fail("expected one sample " + name + " " + List.of(labels) + ", found " + found + " among "
                    + samples.stream().filter(s -> s.name().startsWith(family)).toList());
        }
        return found.get(0).value();
    }

    public List<Sample> find(String name, String... labels) {
        List<Sample> found = new ArrayList<>();
        for (Sample sample : samples) {
            boolean matches = sample.name().equals(name);
            for (int i = 0; matches && i < labels.length; i += 2) {
                matches = labels[i + 1].equals(sample.labels().get(labels[i]));
            }
            if (matches) {
                found.add(sample);
            }
        }
        return found;
    }

    private static Sample sample(String line) {
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        Map<String, String> labels = new LinkedHashMap<>();
        String name;
        int rest;
        if (brace >= 0 && brace < space) {
            name = line.substring(0, brace);
            rest = labels(line, brace + 1, labels);
        } else {
            name = line.substring(0, space);
            rest = space;
        }
        String[] valueAndTime = line.substring(rest).strip().split(" ");
        return new Sample(name, labels, Double.parseDouble(valueAndTime[0]));
    }

    /** Reads {@code key="value",…}} from {@code at}; answers the index after the closing brace. */
    private static int labels(String line, int at, Map<String, String> into) {
        int i = at;
        while (line.charAt(i) != '}') {
            int equals = line.indexOf('=', i);
            String key = line.substring(i, equals);
            StringBuilder value = new StringBuilder();
            int j = equals + 2;
            for (; line.charAt(j) != '"'; j++) {
                char c = line.charAt(j);
                if (c == '\\') {
                    char next = line.charAt(++j);
                    value.append(next == 'n' ? '\n' : next);
                } else {
                    value.append(c);
                }
            }
            into.put(key, value.toString());
            i = j + 1;
            if (line.charAt(i) == ',') {
                i++;
            }
        }
        return i + 1;
    }
}
