package dev.parley.testing;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What H2 ran, counted by H2 itself ({@code SET QUERY_STATISTICS TRUE}, {@code INFORMATION_SCHEMA.QUERY_STATISTICS}):
 * for tests that a path makes the statements it should, and no more.
 */
public final class H2QueryStatistics {
    private H2QueryStatistics() {
    }

    /** Runs one statement on its own connection and commits (e.g. {@code SET QUERY_STATISTICS TRUE}). */
    public static void sql(TestParley parley, String sql) throws Exception {
        try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement()) {
            s.execute(sql);
            c.commit();
        }
    }

    /** SQL (lower case, as Hibernate writes it) → executions since statistics began. */
    public static Map<String, Long> executions(TestParley parley) throws Exception {
        var found = new LinkedHashMap<String, Long>();
        try (var c = parley.app.database.dataSource().getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("select sql_statement, execution_count from information_schema.query_statistics"
                     + " order by execution_count desc")) {
            while (rs.next()) found.merge(rs.getString(1).toLowerCase(Locale.ROOT), rs.getLong(2), Long::sum);
            c.rollback();
        }
        if (Boolean.getBoolean("parley.test.printStatements")) {
            found.forEach((sql, n) -> System.out.println("STMT " + n + " | " + sql));
        }
        return found;
    }

    /** Executions of the statements that contain every one of {@code fragments}. */
    public static long count(Map<String, Long> executions, String... fragments) {
        return executions.entrySet().stream()
                .filter(e -> Arrays.stream(fragments).allMatch(f -> e.getKey().contains(f)))
                .mapToLong(Map.Entry::getValue).sum();
    }
}
