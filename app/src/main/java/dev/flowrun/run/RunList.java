package dev.flowrun.run;

import java.util.List;

/** The list-runs response. */
public record RunList(List<RunView> items, long total, int page, int pageSize) {
}
