package dev.parley.adapter.persistence;

import dev.parley.application.RedactedThrowable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks an H2 store against itself after an unclean shutdown: every secondary index of every table (unique and
 * foreign-key ones included) must list exactly the table's rows with the same values, and every identity column's
 * next value must lie above its largest id. What disagrees is rebuilt from the rows, with its definition read from
 * the schema ({@code INFORMATION_SCHEMA}), not from copied DDL; if a unique constraint cannot be restored because the
 * table holds duplicates, start-up stops and names them, rather than run on a store that would take a provider's
 * retry as a new message.
 *
 * <p>Each table is scanned once ({@code USE INDEX ()}) and each index walked once ({@code USE INDEX (name)}), each
 * compared by a count and an order-independent checksum of (row id, indexed values): linear in the store's size,
 * constant in memory.
 */
final class StoreIntegrityCheck {
    private static final Logger LOG = LoggerFactory.getLogger(StoreIntegrityCheck.class);

    /** What the check found and did. */
    record Report(int tablesChecked, int indexesChecked, List<String> rebuilt, List<String> identitiesReset,
                  long millis) {
        boolean clean() {
            return rebuilt.isEmpty() && identitiesReset.isEmpty();
        }
    }

    /** An index as the schema defines it. */
    record IndexDef(String table, String name, boolean unique, List<String> columns, List<String> orderings,
                    String constraint, String constraintType) {
    }

    private StoreIntegrityCheck() {
    }

    static Report run(Connection c) throws SQLException {
        long start = System.nanoTime();
        var rebuilt = new ArrayList<String>();
        var identities = new ArrayList<String>();
        var tables = tables(c);
        int indexes = 0;
        for (var table : tables) {
            var defs = indexes(c, table);
            indexes += defs.size();
            var expected = tableFingerprints(c, table, defs);
            for (var def : defs) {
                if (!agrees(c, def, expected.get(def.name()))) {
                    LOG.error("store integrity: index {} of table {} disagrees with its rows: rebuilding it",
                            def.name(), table);
                    rebuild(c, def);
                    rebuilt.add(table + "." + def.name());
                }
            }
            identities.addAll(resetIdentity(c, table));
        }
        c.commit();
        return new Report(tables.size(), indexes, rebuilt, identities, (System.nanoTime() - start) / 1_000_000);
    }

    private static List<String> tables(Connection c) throws SQLException {
        var tables = new ArrayList<String>();
        try (var rs = c.createStatement().executeQuery("select table_name from information_schema.tables "
                + "where table_schema = 'PUBLIC' and table_type = 'BASE TABLE' order by table_name")) {
            while (rs.next()) tables.add(rs.getString(1));
        }
        return tables;
    }

    /** The secondary indexes of {@code table} (the primary key is the table's own row map in H2). */
    static List<IndexDef> indexes(Connection c, String table) throws SQLException {
        var columns = new LinkedHashMap<String, List<String[]>>();
        var unique = new LinkedHashMap<String, Boolean>();
        try (var s = c.prepareStatement("select i.index_name, i.index_type_name, ic.column_name, "
                + "ic.ordering_specification from information_schema.indexes i join information_schema.index_columns ic "
                + "on ic.index_schema = i.index_schema and ic.index_name = i.index_name "
                + "where i.table_schema = 'PUBLIC' and i.table_name = ? and i.index_type_name <> 'PRIMARY KEY' "
                + "order by i.index_name, ic.ordinal_position")) {
            s.setString(1, table);
            try (var rs = s.executeQuery()) {
                while (rs.next()) {
                    columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                            .add(new String[] {rs.getString(3), rs.getString(4)});
                    unique.put(rs.getString(1), rs.getString(2).startsWith("UNIQUE"));
                }
            }
        }
        var owners = new LinkedHashMap<String, String[]>();
        try (var s = c.prepareStatement("select index_name, constraint_name, constraint_type from "
                + "information_schema.table_constraints where table_schema = 'PUBLIC' and table_name = ?")) {
            s.setString(1, table);
            try (var rs = s.executeQuery()) {
                while (rs.next()) owners.put(rs.getString(1), new String[] {rs.getString(2), rs.getString(3)});
            }
        }
        var defs = new ArrayList<IndexDef>();
        columns.forEach((name, cols) -> {
            var owner = owners.get(name);
            defs.add(new IndexDef(table, name, unique.get(name), cols.stream().map(col -> col[0]).toList(),
                    cols.stream().map(col -> col[1]).toList(), owner == null ? null : owner[0],
                    owner == null ? null : owner[1]));
        });
        return defs;
    }

    /** Whether walking the index yields exactly the table's rows with their values (as one table scan found them). */
    static boolean agrees(Connection c, IndexDef def) throws SQLException {
        return agrees(c, def, tableFingerprints(c, def.table(), List.of(def)).get(def.name()));
    }

    private static boolean agrees(Connection c, IndexDef def, Fingerprint expected) throws SQLException {
        var select = "select _rowid_, " + String.join(", ", def.columns().stream().map(StoreIntegrityCheck::quote)
                .toList()) + " from " + quote(def.table()) + " use index (" + quote(def.name()) + ")";
        try {
            var walked = new Fingerprint();
            try (var st = c.createStatement(); var rs = st.executeQuery(select)) {
                var positions = new int[def.columns().size()];
                for (int i = 0; i < positions.length; i++) positions[i] = i + 2;
                while (rs.next()) walked.add(rs, positions);
            }
            return walked.equals(expected);
        } catch (SQLException e) {
            // An index entry that names a row the table does not have fails the walk (H2 error 90143).
            LOG.warn("store integrity: walking index {} failed: {}", def.name(), RedactedThrowable.describe(e));
            c.rollback();
            return false;
        }
    }

    /**
     * What each index should hold, from one scan of the table (not of any index) reading every indexed column: per
     * index, the count and an order-independent checksum of (row id, indexed values).
     */
    private static Map<String, Fingerprint> tableFingerprints(Connection c, String table,
                                                                       List<IndexDef> defs) throws SQLException {
        var columns = new ArrayList<String>();
        defs.forEach(d -> d.columns().stream().filter(col -> !columns.contains(col)).forEach(columns::add));
        var fingerprints = new LinkedHashMap<String, Fingerprint>();
        if (defs.isEmpty()) return fingerprints;
        var positions = new LinkedHashMap<String, int[]>();
        for (var def : defs) {
            fingerprints.put(def.name(), new Fingerprint());
            positions.put(def.name(), def.columns().stream().mapToInt(col -> columns.indexOf(col) + 2).toArray());
        }
        var select = "select _rowid_, " + String.join(", ", columns.stream().map(StoreIntegrityCheck::quote).toList())
                + " from " + quote(table) + " use index ()";
        try (var st = c.createStatement(); var rs = st.executeQuery(select)) {
            while (rs.next()) {
                for (var def : defs) fingerprints.get(def.name()).add(rs, positions.get(def.name()));
            }
        }
        return fingerprints;
    }

    /** A count and an order-independent checksum of (row id, values) over the rows seen. */
    private static final class Fingerprint {
        private long rows;
        private long sum;

        void add(ResultSet rs, int[] positions) throws SQLException {
            long h = rs.getLong(1) * 0x9E3779B97F4A7C15L;
            for (int position : positions) {
                h = 31 * h + Objects.hashCode(rs.getObject(position));
            }
            sum += h ^ (h >>> 29);
            rows++;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Fingerprint f && f.rows == rows && f.sum == sum;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(rows * 31 + sum);
        }
    }

    /** Drops and creates the index again from its definition; a constraint's index by dropping and adding it. */
    private static void rebuild(Connection c, IndexDef def) throws SQLException {
        var table = quote(def.table());
        var columns = new ArrayList<String>();
        for (int i = 0; i < def.columns().size(); i++) {
            columns.add(quote(def.columns().get(i)) + ("DESC".equals(def.orderings().get(i)) ? " desc" : ""));
        }
        var list = String.join(", ", columns);
        try (var st = c.createStatement()) {
            if (def.constraint() == null) {
                st.execute("drop index " + quote(def.name()));
                st.execute("create " + (def.unique() ? "unique " : "") + "index " + quote(def.name()) + " on " + table
                        + " (" + list + ")");
            } else if (def.constraintType().equals("UNIQUE")) {
                st.execute("alter table " + table + " drop constraint " + quote(def.constraint()));
                try {
                    st.execute("alter table " + table + " add constraint " + quote(def.constraint()) + " unique ("
                            + list + ")");
                } catch (SQLException duplicates) {
                    c.rollback();
                    throw new IllegalStateException("store integrity: table " + def.table() + " holds rows that "
                            + "break unique constraint " + def.constraint() + " (" + String.join(", ", def.columns())
                            + "); resolve them before starting Parley: " + RedactedThrowable.describe(duplicates),
                            duplicates);
                }
            } else if (def.constraintType().equals("FOREIGN KEY")) {
                var reference = reference(c, def.constraint());
                st.execute("alter table " + table + " drop constraint " + quote(def.constraint()));
                st.execute("alter table " + table + " add constraint " + quote(def.constraint()) + " foreign key ("
                        + list + ") references " + reference);
            } else {
                throw new IllegalStateException("store integrity: cannot rebuild index " + def.name() + " of "
                        + def.constraintType() + " " + def.constraint());
            }
        }
        c.commit();
    }

    /** {@code "TABLE" ("COL", …)} that a foreign key references, read from the schema. */
    private static String reference(Connection c, String foreignKey) throws SQLException {
        try (var s = c.prepareStatement("select k.table_name, k.column_name from "
                + "information_schema.referential_constraints r join information_schema.key_column_usage k "
                + "on k.constraint_schema = r.unique_constraint_schema and k.constraint_name = r.unique_constraint_name "
                + "where r.constraint_schema = 'PUBLIC' and r.constraint_name = ? order by k.ordinal_position")) {
            s.setString(1, foreignKey);
            String table = null;
            var columns = new ArrayList<String>();
            try (var rs = s.executeQuery()) {
                while (rs.next()) {
                    table = rs.getString(1);
                    columns.add(quote(rs.getString(2)));
                }
            }
            if (table == null) throw new IllegalStateException("no referenced key for " + foreignKey);
            return quote(table) + " (" + String.join(", ", columns) + ")";
        }
    }

    /** Restarts an identity column whose next value is not above its largest id (new rows would collide). */
    private static List<String> resetIdentity(Connection c, String table) throws SQLException {
        var reset = new ArrayList<String>();
        var identities = new LinkedHashMap<String, Long>();
        try (var s = c.prepareStatement("select column_name, identity_base from information_schema.columns "
                + "where table_schema = 'PUBLIC' and table_name = ? and is_identity = 'YES'")) {
            s.setString(1, table);
            try (var rs = s.executeQuery()) {
                while (rs.next()) identities.put(rs.getString(1), rs.getLong(2));
            }
        }
        for (Map.Entry<String, Long> identity : identities.entrySet()) {
            long max;
            try (var rs = c.createStatement().executeQuery("select coalesce(max(" + quote(identity.getKey())
                    + "), 0) from " + quote(table))) {
                rs.next();
                max = rs.getLong(1);
            }
            if (identity.getValue() <= max) {
                LOG.error("store integrity: identity {}.{} would issue {} but rows go up to {}: restarting it", table,
                        identity.getKey(), identity.getValue(), max);
                c.createStatement().execute("alter table " + quote(table) + " alter column "
                        + quote(identity.getKey()) + " restart with " + (max + 1));
                reset.add(table + "." + identity.getKey());
            }
        }
        return reset;
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }
}
