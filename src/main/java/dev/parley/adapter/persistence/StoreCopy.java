package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * {@code parley store copy}: everything in one Parley store copied into another (a desk's H2 file into the team's
 * PostgreSQL, docs/team.md), then verified table by table (row counts and the sum of every row's SHA-256).
 *
 * <p>Both stores are opened as Parley opens them, so both are migrated to this version's schema first; the tables
 * copied are every table of that schema except Flyway's history and the stores' own bookkeeping
 * ({@code parley_processes}, {@code store_copies}), so tables added by later migrations are copied without a change
 * here. Tables are copied parents first (by their foreign keys), rows with their own ids, in key order and in
 * batches that each commit, so a copy that is interrupted resumes from the last committed row when it is run again
 * with the same source. A target that holds rows is refused unless it is such an unfinished copy, or {@code force}
 * is given (its rows are then deleted first). Identity columns continue after the copied ids.
 */
public final class StoreCopy {
    static final int BATCH = 1000;

    /** A store to copy from or to. */
    public record Endpoint(String url, String user, String password) {
        @Override
        public String toString() {
            return url.replaceAll(";.*", "").replaceAll("(?i)password=[^&]*", "password=…");
        }
    }

    /** One table: rows in the source and the target after the copy, and the two checksums. */
    public record TableReport(String table, long sourceRows, long targetRows, String sourceChecksum,
                              String targetChecksum, long copied) {
        public boolean verified() {
            return sourceRows == targetRows && sourceChecksum.equals(targetChecksum);
        }
    }

    public record Report(List<TableReport> tables, boolean resumed, boolean replaced) {
        public boolean verified() {
            return tables.stream().allMatch(TableReport::verified);
        }

        public long copiedRows() {
            return tables.stream().mapToLong(TableReport::copied).sum();
        }
    }

    /** The copy cannot start (a non-empty target without force, the same store on both sides); nothing changed. */
    public static final class RefusedException extends RuntimeException {
        public RefusedException(String message) {
            super(message);
        }
    }

    private final Clock clock;
    private final Consumer<String> progress;

    public StoreCopy(Clock clock, Consumer<String> progress) {
        this.clock = clock;
        this.progress = progress;
    }

    /** Copies {@code from} into {@code to}; see the class comment. */
    public Report copy(Endpoint from, Endpoint to, boolean force) {
        if (from.url().equals(to.url())) throw new RefusedException("--from and --to name the same store");
        try (var source = Database.open(from.url(), from.user(), from.password(), 2);
             var target = Database.open(to.url(), to.user(), to.password(), 2)) {
            return copy(source.dataSource(), target.dataSource(), from.toString(), force);
        }
    }

    Report copy(DataSource source, DataSource target, String sourceName, boolean force) {
        try (var in = source.getConnection(); var out = target.getConnection()) {
            in.setReadOnly(true);
            var tables = CopiedTable.parentsFirst(out);
            var copyRow = unfinishedCopy(out, sourceName);
            boolean resumed = copyRow != null;
            boolean replaced = false;
            var occupied = firstOccupiedTable(out, tables);
            if (occupied != null && !resumed) {
                if (!force) {
                    throw new RefusedException("the target store is not empty (" + occupied + "); --force deletes "
                            + "its contents and copies again");
                }
                deleteAll(out, tables);
                replaced = true;
            }
            if (copyRow == null) copyRow = startCopy(out, sourceName);
            var reports = new ArrayList<TableReport>();
            for (var table : tables) {
                long copied = TableRowCopy.copy(in, out, table);
                var sourceSum = TableChecksum.of(in, table);
                var targetSum = TableChecksum.of(out, table);
                var report = new TableReport(table.name(), sourceSum.rows(), targetSum.rows(), sourceSum.sha256(),
                        targetSum.sha256(), copied);
                reports.add(report);
                progress.accept(String.format(Locale.ROOT, "%-22s %9d rows  %s", table.name(), report.targetRows(),
                        report.verified() ? "verified" : "MISMATCH (source " + report.sourceRows() + " rows)"));
            }
            TableRowCopy.continueIdentities(out, tables);
            var result = new Report(reports, resumed, replaced);
            if (result.verified()) finishCopy(out, copyRow);
            in.rollback();
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException("store copy failed: SQL state " + e.getSQLState() + " ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }

    private static String firstOccupiedTable(Connection c, List<CopiedTable> tables) throws SQLException {
        for (var table : tables) {
            long rows = count(c, table.name());
            if (rows > 0) return table.name() + " has " + rows + " rows";
        }
        return null;
    }

    static long count(Connection c, String table) throws SQLException {
        try (var st = c.createStatement(); var rs = st.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void deleteAll(Connection c, List<CopiedTable> tables) throws SQLException {
        try (var st = c.createStatement()) {
            for (var table : tables.reversed()) st.executeUpdate("delete from " + table.name());
            st.executeUpdate("delete from store_copies");
        }
        c.commit();
    }

    private static Long unfinishedCopy(Connection c, String source) throws SQLException {
        try (var st = c.prepareStatement("select id from store_copies where source = ? and finished_at is null "
                + "order by id desc")) {
            st.setString(1, source);
            try (var rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        }
    }

    private Long startCopy(Connection c, String source) throws SQLException {
        try (var st = c.prepareStatement("insert into store_copies (source, started_at) values (?, ?)",
                new String[] {"id"})) {
            st.setString(1, source);
            st.setTimestamp(2, Timestamp.from(clock.instant()));
            st.executeUpdate();
            try (var keys = st.getGeneratedKeys()) {
                keys.next();
                long id = keys.getLong(1);
                c.commit();
                return id;
            }
        }
    }

    private void finishCopy(Connection c, long copy) throws SQLException {
        try (var st = c.prepareStatement("update store_copies set finished_at = ? where id = ?")) {
            st.setTimestamp(1, Timestamp.from(clock.instant()));
            st.setLong(2, copy);
            st.executeUpdate();
        }
        c.commit();
    }
}
