package dev.flowrun.run;

import dev.flowrun.files.SignedJsonTemplate;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Rendered get-a-run pages that can no longer change, least recently used first out, within a byte budget.
 *
 * <p>A page is final once its run is terminal and every item on it is: a terminal run's row is never written again
 * (item counts only move while it runs), and a terminal item's row and outputs neither. Items still in flight when
 * their run was cancelled are not terminal, so such a page is read from the database until they settle. Being
 * final, a page is the same on every instance sharing the database, so nothing has to be invalidated; the one later
 * change, FLOWRUN_OUTPUT_RETENTION deleting the run's files, comes at a time known in advance, when the entry ends.
 */
final class RunPageCache {
    /** Everything that picks a page; the workspace is checked on the entry, so another's id stays "not found". */
    record Key(long runId, int page, int pageSize, String q, boolean review) {
    }

    /** {@code until}: when the page may change after all (the retention deleting its run's files). */
    private record Entry(long workspaceId, SignedJsonTemplate template, long bytes, Instant until) {
    }

    private final long budgetBytes;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private long usedBytes;

    RunPageCache(long budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    synchronized SignedJsonTemplate get(long workspaceId, Key key) {
        return get(workspaceId, key, Instant.MIN);
    }

    /** The page, if cached for this workspace and still the same at {@code now}; null otherwise. */
    synchronized SignedJsonTemplate get(long workspaceId, Key key, Instant now) {
        Entry entry = entries.get(key);
        if (entry != null && !now.isBefore(entry.until())) {
            entries.remove(key);
            usedBytes -= entry.bytes();
            return null;
        }
        return entry != null && entry.workspaceId() == workspaceId ? entry.template() : null;
    }

    synchronized void put(long workspaceId, Key key, SignedJsonTemplate template) {
        put(workspaceId, key, template, Instant.MAX);
    }

    synchronized void put(long workspaceId, Key key, SignedJsonTemplate template, Instant until) {
        // The template and the rendering it keeps, about as big; the key's text too, since q is the caller's.
        long bytes = 2L * template.sizeInBytes() + 2L * (key.q() == null ? 0 : key.q().length()) + 128;
        if (bytes > budgetBytes) {
            return;
        }
        Entry previous = entries.put(key, new Entry(workspaceId, template, bytes, until));
        usedBytes += bytes - (previous == null ? 0 : previous.bytes());
        Iterator<Map.Entry<Key, Entry>> oldestFirst = entries.entrySet().iterator();
        while (usedBytes > budgetBytes && oldestFirst.hasNext()) {
            usedBytes -= oldestFirst.next().getValue().bytes();
            oldestFirst.remove();
        }
    }

    synchronized int size() {
        return entries.size();
    }
}
