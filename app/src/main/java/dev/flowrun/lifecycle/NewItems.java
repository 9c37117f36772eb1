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
     * Where new items join the round of runs taking turns: the turn of the first item still queued (0 when none is).
     * An item's turn is this plus its position, so a new run's first item comes after at most one item of each run
     * already waiting ({@link ItemClaims} hands items out in turn order).
     */
    static final String FIRST_QUEUED_TURN = "SELECT COALESCE(MIN(turn), 0) FROM run_items WHERE status = 'queued'";
    private static final int BATCH = 1000;

    private final PreparedStatement insert;
    private final long runId;
    private final long firstTurn;
    private int pending;

    /** On the transaction of {@code handle}; the items take turns from {@link #FIRST_QUEUED_TURN}. */
    public NewItems(Handle handle, long runId) {
        this.runId = runId;
        this.firstTurn = handle.createQuery(FIRST_QUEUED_TURN)
                .mapTo(Long.class).one();
        try {
            this.insert = handle.getConnection().prepareStatement("""
                    INSERT INTO run_items (run_id, position, status, inputs, search_text, turn)
                    VALUES (?, ?, 'queued', ?, ?, ?)""");
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
            insert.setString(3, inputsJson);
            insert.setString(4, searchText);
            insert.setLong(5, firstTurn + position);
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
