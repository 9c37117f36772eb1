package dev.flowrun.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What the database and the logs of an {@link InstanceGroup} say once its runs are done, warm-up runs included:
 * every run completed, every item completed with exactly one output ("Product shot" has one output node), how
 * the items were shared between the instances, PostgreSQL's count of deadlocks in the database, and the
 * instances' WARN and ERROR lines (an item run a second time after a takeover is logged as "not counted").
 */
record NoLossAudit(long runs, long runsNotCompleted, long items, long itemsNotCompleted, long itemsWithoutOneOutput,
                   List<Long> itemsPerInstance, long deadlocks, List<String> warnings) {

    static NoLossAudit of(InstanceGroup group) throws SQLException, IOException {
        try (Connection connection = DriverManager.getConnection(group.dbUrl());
             Statement statement = connection.createStatement()) {
            long runs = count(statement, "SELECT COUNT(*) FROM runs");
            long runsNotCompleted = count(statement, "SELECT COUNT(*) FROM runs WHERE status <> 'completed'");
            long items = count(statement, "SELECT COUNT(*) FROM run_items");
            long itemsNotCompleted = count(statement, "SELECT COUNT(*) FROM run_items WHERE status <> 'completed'");
            long withoutOneOutput = count(statement, """
                    SELECT COUNT(*) FROM run_items i
                    WHERE (SELECT COUNT(*) FROM item_outputs o WHERE o.item_id = i.id) <> 1""");
            // An item keeps the claim it ended under: the id of the instance that ran it last.
            List<Long> perInstance = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery(
                    "SELECT COUNT(*) FROM run_items GROUP BY claimed_by ORDER BY COUNT(*) DESC")) {
                while (rows.next()) {
                    perInstance.add(rows.getLong(1));
                }
            }
            long deadlocks = count(statement,
                    "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()");
            List<String> warnings = new ArrayList<>();
            for (ServerProcess server : group.servers()) {
                Files.readAllLines(server.log()).stream().filter(line -> line.matches("\\S+ (WARN|ERROR) .*"))
                        .forEach(warnings::add);
            }
            return new NoLossAudit(runs, runsNotCompleted, items, itemsNotCompleted, withoutOneOutput, perInstance,
                    deadlocks, warnings);
        }
    }

    boolean noLoss() {
        return runsNotCompleted == 0 && itemsNotCompleted == 0 && itemsWithoutOneOutput == 0;
    }

    String describe() {
        String outcome = noLoss() ? "every run completed, every item completed with exactly one output"
                : String.format("**%,d runs not completed, %,d items not completed, %,d items without exactly one"
                        + " output**", runsNotCompleted, itemsNotCompleted, itemsWithoutOneOutput);
        String shares = itemsPerInstance.size() < 2 ? "" : "; items by instance " + String.join(" / ",
                itemsPerInstance.stream().map(n -> String.format("%.0f%%", 100.0 * n / items)).toList());
        return String.format("%,d runs, %,d items (warm-up included): %s%s; %d deadlocks; %d WARN/ERROR log lines%s",
                runs, items, outcome, shares, deadlocks, warnings.size(),
                warnings.isEmpty() ? "" : " (first: " + warnings.get(0) + ")");
    }

    private static long count(Statement statement, String sql) throws SQLException {
        try (ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getLong(1);
        }
    }
}
