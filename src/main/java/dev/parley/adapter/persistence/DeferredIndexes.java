package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * The secondary indexes of some H2 tables that no constraint uses, dropped for a bulk load and created again after
 * it: H2 then sorts each index once instead of inserting (and committing) every entry of it row by row. Each index is
 * read from {@code INFORMATION_SCHEMA} (its table, and per column in order: name, ASC/DESC, nulls first/last) and
 * created again from that, under its own name; the schema afterwards is the migrated one ({@code StoreLoaderTest}).
 */
final class DeferredIndexes {
    /** One index: {@code CREATE INDEX} of it, column by column as H2 describes them. */
    record Index(String name, String table, List<String> columns) {
        String create() {
            return "CREATE INDEX " + qualified(name) + " ON " + qualified(table) + "(" + String.join(", ", columns) + ")";
        }
    }

    private final List<Index> indexes;

    private DeferredIndexes(List<Index> indexes) {
        this.indexes = indexes;
    }

    /**
     * Drops the plain (non-unique, constraint-free) indexes of {@code tables} in schema PUBLIC; returns them, to
     * {@link #createAgain}. Refuses an index H2 describes with anything this does not carry over (a comment).
     */
    static DeferredIndexes drop(Connection c, List<String> tables) throws SQLException {
        var names = String.join(", ", tables.stream().map(t -> "'" + t.toUpperCase(Locale.ROOT) + "'").toList());
        var columns = new LinkedHashMap<String, List<String>>();
        var tableOf = new LinkedHashMap<String, String>();
        try (var st = c.createStatement(); var rs = st.executeQuery("select i.index_name, i.table_name, i.remarks, "
                + "k.column_name, k.ordering_specification, k.null_ordering from information_schema.indexes i "
                + "join information_schema.index_columns k on k.index_schema = i.index_schema "
                + "and k.index_name = i.index_name and k.table_name = i.table_name "
                + "where i.table_schema = 'PUBLIC' and i.index_type_name = 'INDEX' and i.table_name in (" + names
                + ") and not exists (select 1 from information_schema.table_constraints t "
                + "where t.index_schema = i.index_schema and t.index_name = i.index_name) "
                + "order by i.table_name, i.index_name, k.ordinal_position")) {
            while (rs.next()) {
                var index = rs.getString(1);
                if (rs.getString(3) != null) throw new IllegalStateException("index " + index + " has a comment");
                tableOf.put(index, rs.getString(2));
                columns.computeIfAbsent(index, k -> new ArrayList<>()).add(quote(rs.getString(4)) + " "
                        + rs.getString(5) + " NULLS " + rs.getString(6));
            }
        }
        var indexes = new ArrayList<Index>();
        try (var st = c.createStatement()) {
            for (var e : columns.entrySet()) {
                indexes.add(new Index(e.getKey(), tableOf.get(e.getKey()), List.copyOf(e.getValue())));
                st.execute("DROP INDEX " + qualified(e.getKey()));
            }
        }
        return new DeferredIndexes(List.copyOf(indexes));
    }

    /** No index dropped (a database other than H2). */
    static DeferredIndexes none() {
        return new DeferredIndexes(List.of());
    }

    /** Creates every dropped index again. */
    void createAgain(Connection c) throws SQLException {
        try (var st = c.createStatement()) {
            for (var index : indexes) st.execute(index.create());
        }
    }

    List<Index> indexes() {
        return indexes;
    }

    private static String qualified(String name) {
        return "\"PUBLIC\"." + quote(name);
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
