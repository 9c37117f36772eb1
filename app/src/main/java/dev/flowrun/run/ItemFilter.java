package dev.flowrun.run;

import dev.flowrun.error.InvalidRequest;

/**
 * Which of a run's items the get-a-run response lists: those whose input file names contain {@code q} (null: any),
 * and with {@code review} only those that need review.
 */
public record ItemFilter(String q, boolean review) {

    /** From query text: an empty {@code q} is none; {@code review} is {@code true} or {@code false}. */
    public static ItemFilter parse(String q, String review) {
        String query = q == null || q.isEmpty() ? null : q;
        if (review == null || review.equals("false")) {
            return new ItemFilter(query, false);
        }
        if (review.equals("true")) {
            return new ItemFilter(query, true);
        }
        throw new InvalidRequest("review", "review must be true or false");
    }

    boolean none() {
        return q == null && !review;
    }
}
