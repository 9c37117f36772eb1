package dev.flowrun.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** The get-a-run response: the run's fields, then one page of its items (in component order). */
public record RunPage(@JsonUnwrapped RunView run, List<ItemView> items, long itemsTotal, int page, int pageSize) {
}
