package dev.flowrun.lifecycle;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Locale;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

/**
 * Inserts a new run's items, in batches, with plain JDBC on the create transaction's connection. Through a
 * SqlObject {@code @SqlBatch} JDBI resolved and bound every argument of every row anew: 75 of the 377 MB a
 * 10,000-item create allocated (JFR), and every young collection that garbage set off during the request could
 * promote what the request still held to the old generation (bench/run memory). Failures surface as JDBI's own
 * exception, like every other statement's.
 */
public final class NewItems implements AutoCloseable {
    /**
     * Where new items join the round of runs of their priority taking turns: the turn of the first item of that
     * priority still queued and not held (0 when none is). An item's turn is this plus its position, so a new run's
     * first item comes after at most one item of each run of its priority already waiting ({@link ItemClaims} hands
     * items out by priority, then in turn order). One entry of the claim's index.
     */
    static long firstQueuedTurn(Handle handle, Priority priority) {
        return StatusBinds.bind(handle.createQuery("""
                        SELECT COALESCE(MIN(turn), 0) FROM run_items
                        WHERE status = :item_queued AND held = FALSE AND priority = :priority"""))
                .bind("priority", priority.rank()).mapTo(Long.class).one();
    }

    private static final int BATCH = 1000;

    private final PreparedStatement insert;
    private final long runId;
    private final long firstTurn;
    private final Priority priority;
    private int pending;

    /**
     * On the transaction of {@code handle}, for a run of {@code priority}; the items take turns from
     * {@link #firstQueuedTurn}.
     */
    public NewItems(Handle handle, long runId, Priority priority) {
        this.runId = runId;
        this.priority = priority;
        this.firstTurn = firstQueuedTurn(handle, priority);
        try {
            this.insert = handle.getConnection().prepareStatement("""
                    INSERT INTO run_items (run_id, position, status, inputs, search_text, turn, priority)
                    VALUES (?, ?, ?, ?, ?, ?, ?)""");
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /** What {@code q} searches in: the item's input file names, lower-cased, one a line. */
    public static String searchText(Iterable<String> fileNames) {
        StringBuilder text = new StringBuilder();
        for (String name : fileNames) {
            text.append(text.isEmpty() ? "" : "\n").append(name.toLowerCase(Locale.ROOT));
        }
        return text.toString();
    }

    public void add(int position, String inputsJson, String searchText) {
        try {
            insert.setLong(1, runId);
            insert.setInt(2, position);
            insert.setString(3, ItemStatus.QUEUED.json());
            insert.setString(4, inputsJson);
            insert.setString(5, searchText);
            insert.setLong(6, firstTurn + position);
            insert.setInt(7, priority.rank());
            insert.addBatch();
        } catch (SQLException e) {
            throw failed(e);
        }
        if (++pending == BATCH) {
            flush();
        }
    }

    private void flush() {
        if (pending > 0) {
            try {
                insert.executeBatch();
            } catch (SQLException e) {
                throw failed(e);
            }
            pending = 0;
        }
    }

    /** Sends the last batch. */
    @Override
    public void close() {
        try (insert) {
            flush();
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    private UnableToExecuteStatementException failed(SQLException e) {
        return new UnableToExecuteStatementException("inserting the items of run " + runId + " failed", e, null);
    }
}
