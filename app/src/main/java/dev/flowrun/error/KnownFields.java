package dev.flowrun.error;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The fields one kind of JSON object may hold (the request schemas of openapi.json): any other is refused with {@code invalid_request},
 * {@code field} naming its path, and the closest known field suggested, since a misspelt optional field silently
 * ignored ({@code webhookURL}, {@code zipLayot}) loses what the caller asked for without a word.
 */
public final class KnownFields {
    /** Longer names are cut in messages: the field is echoed back, and a body may hold a key of any length. */
    private static final int SHOWN = 100;
    private final List<String> names;

    private KnownFields(List<String> names) {
        this.names = names;
    }

    public static KnownFields of(String... names) {
        return new KnownFields(List.of(names));
    }

    public static KnownFields of(Collection<String> names) {
        return new KnownFields(List.copyOf(names));
    }

    /** Throws for the first field of {@code object} not known here; {@code path} is the object's ("" for the body). */
    public void check(JsonNode object, String path) {
        firstUnknown(object).ifPresent(name -> {
            String field = path.isEmpty() ? shown(name) : path + "." + shown(name);
            throw new InvalidRequest(field, "unknown field '" + field + "'; " + hint(name));
        });
    }

    /** The first field of {@code object} not known here, if any. */
    public Optional<String> firstUnknown(JsonNode object) {
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!names.contains(name)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    /** The known field {@code given} most likely meant, if one is close enough. */
    public Optional<String> suggestion(String given) {
        return closest(given, names);
    }

    /** Completes "unknown field 'x'; …": the closest known field, or all of them when none is close. */
    public String hint(String given) {
        return suggestion(given).map(known -> "did you mean '" + known + "'?")
                .orElse(names.isEmpty() ? "this object takes no fields" : "the known fields here are " + String.join(", ", names));
    }

    /** {@code name} as messages show it: cut past a hundred characters. */
    public static String shown(String name) {
        return name.length() <= SHOWN ? name : name.substring(0, SHOWN) + "…";
    }

    /**
     * The known name {@code given} most likely meant: the same but for case, {@code _} or {@code -}
     * ({@code webhookURL}, {@code webhook_url}), else the nearest within a few edits, fewer for short names
     * (none for names of one or two letters, where anything is near). Ties go to the earlier known name.
     */
    static Optional<String> closest(String given, List<String> known) {
        String wanted = normal(given);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : known) {
            String candidate = normal(name);
            int allowed = candidate.length() <= 2 ? 0 : candidate.length() <= 4 ? 1 : candidate.length() <= 8 ? 2 : 3;
            if (Math.abs(candidate.length() - wanted.length()) > allowed) {
                continue;
            }
            int distance = distance(wanted, candidate);
            if (distance <= allowed && distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    private static String normal(String name) {
        return name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    /** Edits (insert, delete, replace, swap two neighbours) from one to the other: {@code nmae} is one from {@code name}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
