package dev.parley.adapter.persistence;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
    private static final Set<String> NOT_COPIED = Set.of("flyway_schema_history", "parley_processes", "store_copies");

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
            var tables = tablesParentsFirst(out);
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
                long copied = copyTable(in, out, table);
                var sourceSum = checksum(in, table);
                var targetSum = checksum(out, table);
                var report = new TableReport(table.name(), sourceSum.rows(), targetSum.rows(), sourceSum.sha256(),
                        targetSum.sha256(), copied);
                reports.add(report);
                progress.accept(String.format(Locale.ROOT, "%-22s %9d rows  %s", table.name(), report.targetRows(),
                        report.verified() ? "verified" : "MISMATCH (source " + report.sourceRows() + " rows)"));
            }
            continueIdentities(out, tables);
            var result = new Report(reports, resumed, replaced);
            if (result.verified()) finishCopy(out, copyRow);
            in.rollback();
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException("store copy failed: SQL state " + e.getSQLState() + " ("
                    + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** A copied table: its columns, its primary key's columns (rows are copied and checked in their order). */
    record Table(String name, List<String> columns, List<String> key, boolean identity) {
        String keyList() {
            return String.join(", ", key);
        }

        String keyAfter() {
            return key.size() == 1 ? key.getFirst() + " > ?"
                    : "(" + keyList() + ") > (" + String.join(", ", key.stream().map(k -> "?").toList()) + ")";
        }
    }

    /** The copied tables of the target's schema with their columns, parents before the tables that refer to them. */
    static List<Table> tablesParentsFirst(Connection c) throws SQLException {
        var meta = c.getMetaData();
        var schema = c.getSchema();
        var names = new ArrayList<String>();
        try (var rs = meta.getTables(null, schema, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                var name = rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                if (!NOT_COPIED.contains(name)) names.add(name);
            }
        }
        var parents = new LinkedHashMap<String, Set<String>>();
        var tables = new LinkedHashMap<String, Table>();
        for (var name : names.stream().sorted().toList()) {
            var id = identifier(meta, name);
            var columns = new ArrayList<String>();
            boolean identity = false;
            try (var rs = meta.getColumns(null, schema, id, "%")) {
                while (rs.next()) {
                    columns.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                    if ("id".equalsIgnoreCase(rs.getString("COLUMN_NAME"))
                            && "YES".equals(rs.getString("IS_AUTOINCREMENT"))) identity = true;
                }
            }
            var keys = new ArrayList<String>();
            try (var rs = meta.getPrimaryKeys(null, schema, id)) {
                while (rs.next()) keys.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
            if (keys.isEmpty()) {
                throw new IllegalStateException("table " + name + " has no primary key: store copy cannot resume it");
            }
            var refs = new LinkedHashSet<String>();
            try (var rs = meta.getImportedKeys(null, schema, id)) {
                while (rs.next()) {
                    var parent = rs.getString("PKTABLE_NAME").toLowerCase(Locale.ROOT);
                    if (!parent.equals(name)) refs.add(parent);
                }
            }
            parents.put(name, refs);
            tables.put(name, new Table(name, List.copyOf(columns), List.copyOf(keys), identity));
        }
        var ordered = new ArrayList<Table>();
        var placed = new LinkedHashSet<String>();
        while (placed.size() < tables.size()) {
            int before = placed.size();
            for (var entry : parents.entrySet()) {
                if (placed.contains(entry.getKey())) continue;
                if (placed.containsAll(entry.getValue().stream().filter(tables::containsKey).toList())) {
                    placed.add(entry.getKey());
                    ordered.add(tables.get(entry.getKey()));
                }
            }
            if (placed.size() == before) throw new IllegalStateException("foreign keys form a cycle: " + parents);
        }
        return ordered;
    }

    private static String identifier(java.sql.DatabaseMetaData meta, String name) throws SQLException {
        return meta.storesUpperCaseIdentifiers() ? name.toUpperCase(Locale.ROOT) : name;
    }

    private static String firstOccupiedTable(Connection c, List<Table> tables) throws SQLException {
        for (var table : tables) {
            long rows = count(c, table.name());
            if (rows > 0) return table.name() + " has " + rows + " rows";
        }
        return null;
    }

    private static long count(Connection c, String table) throws SQLException {
        try (var st = c.createStatement(); var rs = st.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void deleteAll(Connection c, List<Table> tables) throws SQLException {
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

    /**
     * Copies the rows after the target's highest key, in key order, a batch per commit; returns how many. A table
     * whose key is not one number (string keys sort by each database's collation, which may differ) is copied whole
     * in one transaction instead, unless the target already holds as many rows (then the checksum decides).
     */
    private static long copyTable(Connection in, Connection out, Table table) throws SQLException {
        if (!numericKey(in, table)) return copyWhole(in, out, table);
        long copied = 0;
        Object[] after = maxKey(out, table);
        var columns = String.join(", ", table.columns());
        var insert = "insert into " + table.name() + " (" + columns + ") values ("
                + String.join(", ", table.columns().stream().map(c -> "?").toList()) + ")";
        while (true) {
            var select = "select " + columns + " from " + table.name()
                    + (after == null ? "" : " where " + table.keyAfter()) + " order by " + table.keyList()
                    + " fetch first " + BATCH + " rows only";
            int rows = 0;
            try (var read = in.prepareStatement(select); var write = out.prepareStatement(insert)) {
                if (after != null) {
                    for (int i = 0; i < after.length; i++) read.setObject(i + 1, after[i]);
                }
                try (var rs = read.executeQuery()) {
                    while (rs.next()) {
                        for (int i = 1; i <= table.columns().size(); i++) write.setObject(i, value(rs, i));
                        write.addBatch();
                        after = new Object[table.key().size()];
                        for (int i = 0; i < after.length; i++) after[i] = rs.getObject(table.key().get(i));
                        rows++;
                    }
                }
                if (rows > 0) write.executeBatch();
            }
            out.commit();
            in.rollback();
            copied += rows;
            if (rows < BATCH) return copied;
        }
    }

    private static boolean numericKey(Connection c, Table table) throws SQLException {
        if (table.key().size() != 1) return false;
        try (var st = c.createStatement(); var rs = st.executeQuery("select " + table.keyList() + " from "
                + table.name() + " where 1 = 0")) {
            int type = rs.getMetaData().getColumnType(1);
            return type == java.sql.Types.BIGINT || type == java.sql.Types.INTEGER || type == java.sql.Types.SMALLINT;
        }
    }

    private static long copyWhole(Connection in, Connection out, Table table) throws SQLException {
        if (count(out, table.name()) == count(in, table.name())) {
            in.rollback();
            return 0;
        }
        var columns = String.join(", ", table.columns());
        var insert = "insert into " + table.name() + " (" + columns + ") values ("
                + String.join(", ", table.columns().stream().map(c -> "?").toList()) + ")";
        long rows = 0;
        try (var clear = out.createStatement(); var read = in.prepareStatement("select " + columns + " from "
                + table.name()); var write = out.prepareStatement(insert)) {
            clear.executeUpdate("delete from " + table.name());
            try (var rs = read.executeQuery()) {
                while (rs.next()) {
                    for (int i = 1; i <= table.columns().size(); i++) write.setObject(i, value(rs, i));
                    write.addBatch();
                    rows++;
                }
            }
            if (rows > 0) write.executeBatch();
        }
        out.commit();
        in.rollback();
        return rows;
    }

    /** The target's highest key (in key order), or null when the table is empty. */
    private static Object[] maxKey(Connection c, Table table) throws SQLException {
        var order = String.join(", ", table.key().stream().map(k -> k + " desc").toList());
        try (var st = c.createStatement();
             var rs = st.executeQuery("select " + table.keyList() + " from " + table.name() + " order by " + order
                     + " fetch first 1 rows only")) {
            if (!rs.next()) return null;
            var key = new Object[table.key().size()];
            for (int i = 0; i < key.length; i++) key[i] = rs.getObject(i + 1);
            return key;
        }
    }

    /** A column's value as both databases take it back: instants as OffsetDateTime, the rest as the driver reads it. */
    private static Object value(ResultSet rs, int column) throws SQLException {
        var type = rs.getMetaData().getColumnType(column);
        if (type == java.sql.Types.TIMESTAMP_WITH_TIMEZONE || type == java.sql.Types.TIMESTAMP) {
            return rs.getObject(column, OffsetDateTime.class);
        }
        return rs.getObject(column);
    }

    private static void continueIdentities(Connection c, List<Table> tables) throws SQLException {
        try (var st = c.createStatement()) {
            for (var table : tables) {
                if (!table.identity()) continue;
                var max = maxKey(c, table);
                long next = max == null ? 1 : ((Number) max[0]).longValue() + 1;
                st.execute("alter table " + table.name() + " alter column id restart with " + next);
            }
        }
        c.commit();
    }

    record Checksum(long rows, String sha256) {
    }

    /**
     * Every row, each value in a form that does not depend on the database (instants as ISO-8601 UTC, bytes as hex,
     * numbers and booleans as text, null as a marker), hashed with SHA-256; the row hashes are added modulo 2^256, so
     * the sum does not depend on the order the rows come in (string keys sort by each database's collation).
     */
    static Checksum checksum(Connection c, Table table) throws SQLException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long rows = 0;
        var sum = java.math.BigInteger.ZERO;
        var modulus = java.math.BigInteger.ONE.shiftLeft(256);
        var columns = table.columns().stream().sorted().toList();
        try (var st = c.prepareStatement("select " + String.join(", ", columns) + " from " + table.name())) {
            st.setFetchSize(BATCH);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    for (int i = 1; i <= columns.size(); i++) {
                        digest.update(canonical(value(rs, i)).getBytes(StandardCharsets.UTF_8));
                        digest.update((byte) 0x1f);
                    }
                    sum = sum.add(new java.math.BigInteger(1, digest.digest())).mod(modulus);
                }
            }
        }
        c.rollback();
        var bytes = sum.toByteArray();
        var fixed = new byte[32];
        int from = Math.max(0, bytes.length - 32);
        System.arraycopy(bytes, from, fixed, 32 - (bytes.length - from), bytes.length - from);
        return new Checksum(rows, HexFormat.of().formatHex(fixed));
    }

    private static String canonical(Object value) {
        return switch (value) {
            case null -> "\u0000null";
            case OffsetDateTime t -> t.toInstant().toString();
            case byte[] bytes -> HexFormat.of().formatHex(bytes);
            case java.sql.Blob blob -> {
                try {
                    yield HexFormat.of().formatHex(blob.getBytes(1, (int) blob.length()));
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
            case java.sql.Clob clob -> {
                try {
                    yield clob.getSubString(1, (int) clob.length());
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
            default -> value.toString();
        };
    }
}
