package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A table {@link StoreCopy} copies: its columns and its primary key's columns (rows are copied and checked in their
 * order), and whether its {@code id} is an identity column (continued after the copied ids).
 */
record CopiedTable(String name, List<String> columns, List<String> key, boolean identity) {
    /** Flyway's history and the stores' own bookkeeping are not copied. */
    private static final Set<String> NOT_COPIED = Set.of("flyway_schema_history", "parley_processes", "store_copies");

    String keyList() {
        return String.join(", ", key);
    }

    String keyAfter() {
        return key.size() == 1 ? key.getFirst() + " > ?"
                : "(" + keyList() + ") > (" + String.join(", ", key.stream().map(k -> "?").toList()) + ")";
    }

    /** {@code insert into <table> (<columns>) values (?, …)}. */
    String insert() {
        return "insert into " + name + " (" + String.join(", ", columns) + ") values ("
                + String.join(", ", columns.stream().map(c -> "?").toList()) + ")";
    }

    /** The copied tables of the store's schema with their columns, parents before the tables that refer to them. */
    static List<CopiedTable> parentsFirst(Connection c) throws SQLException {
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
        var tables = new LinkedHashMap<String, CopiedTable>();
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
            tables.put(name, new CopiedTable(name, List.copyOf(columns), List.copyOf(keys), identity));
        }
        var ordered = new ArrayList<CopiedTable>();
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

    private static String identifier(DatabaseMetaData meta, String name) throws SQLException {
        return meta.storesUpperCaseIdentifiers() ? name.toUpperCase(Locale.ROOT) : name;
    }
}
