package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.List;

/** How {@link StoreCopy} moves a table's rows: in key order, a batch per commit, resuming after the last one. */
final class TableRowCopy {
    private TableRowCopy() {
    }

    /**
     * Copies the rows after the target's highest key, in key order, a batch per commit; returns how many. A table
     * whose key is not one number (string keys sort by each database's collation, which may differ) is copied whole
     * in one transaction instead, unless the target already holds as many rows (then the checksum decides).
     */
    static long copy(Connection in, Connection out, CopiedTable table) throws SQLException {
        if (!numericKey(in, table)) return copyWhole(in, out, table);
        long copied = 0;
        Object[] after = maxKey(out, table);
        var columns = String.join(", ", table.columns());
        var insert = table.insert();
        while (true) {
            var select = "select " + columns + " from " + table.name()
                    + (after == null ? "" : " where " + table.keyAfter()) + " order by " + table.keyList()
                    + " fetch first " + StoreCopy.BATCH + " rows only";
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
            if (rows < StoreCopy.BATCH) return copied;
        }
    }

    private static boolean numericKey(Connection c, CopiedTable table) throws SQLException {
        if (table.key().size() != 1) return false;
        try (var st = c.createStatement(); var rs = st.executeQuery("select " + table.keyList() + " from "
                + table.name() + " where 1 = 0")) {
            int type = rs.getMetaData().getColumnType(1);
            return type == Types.BIGINT || type == Types.INTEGER || type == Types.SMALLINT;
        }
    }

    private static long copyWhole(Connection in, Connection out, CopiedTable table) throws SQLException {
        if (StoreCopy.count(out, table.name()) == StoreCopy.count(in, table.name())) {
            in.rollback();
            return 0;
        }
        var columns = String.join(", ", table.columns());
        var insert = table.insert();
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
    private static Object[] maxKey(Connection c, CopiedTable table) throws SQLException {
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
    static Object value(ResultSet rs, int column) throws SQLException {
        var type = rs.getMetaData().getColumnType(column);
        if (type == Types.TIMESTAMP_WITH_TIMEZONE || type == Types.TIMESTAMP) {
            return rs.getObject(column, OffsetDateTime.class);
        }
        return rs.getObject(column);
    }

    static void continueIdentities(Connection c, List<CopiedTable> tables) throws SQLException {
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

}
