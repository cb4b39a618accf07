package dev.parley.testing;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a stopped (or killed) Parley's store directly with JDBC: what really reached the disk (the H2 file of a home)
 * or the database (a PostgreSQL store, which outlives the killed process).
 */
public final class StoreAudit {
    /** Where a store is and how to log in to it. */
    public record Jdbc(String url, String user, String password) {
        /** The H2 file of a Parley home. */
        public static Jdbc h2(Path home) {
            return new Jdbc("jdbc:h2:file:" + home.toAbsolutePath().resolve("data").resolve("parley")
                    + ";WRITE_DELAY=0", "sa", "");
        }

        public java.sql.Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }
    }

    /** Per provider id: inbox rows, PROCESSED inbox rows and inbound messages rows (plus the last error, if any). */
    public record Rows(int inbox, int processed, int messages, String error) {
        public Rows(int inbox, int processed, int messages) {
            this(inbox, processed, messages, null);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rows r && r.inbox == inbox && r.processed == processed && r.messages == messages;
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(inbox, processed, messages);
        }
    }

    private StoreAudit() {
    }

    /** Per inbound provider id: the statuses of the outbox rows that answer it ({@code reply_to}), in id order. */
    public static Map<String, java.util.List<String>> repliesByReplyTo(Path home) throws SQLException {
        return repliesByReplyTo(Jdbc.h2(home));
    }

    /** As above, in any store. */
    public static Map<String, java.util.List<String>> repliesByReplyTo(Jdbc store) throws SQLException {
        var result = new HashMap<String, java.util.List<String>>();
        try (var c = store.connect();
             var rs = c.createStatement().executeQuery(
                     "select reply_to, status from outbox where reply_to is not null order by id")) {
            while (rs.next()) result.computeIfAbsent(rs.getString(1), k -> new java.util.ArrayList<>()).add(rs.getString(2));
        }
        return result;
    }

    public static Map<String, Rows> byProviderId(Path home) throws SQLException {
        return byProviderId(Jdbc.h2(home));
    }

    /** As above, in any store. */
    public static Map<String, Rows> byProviderId(Jdbc store) throws SQLException {
        var result = new HashMap<String, Rows>();
        try (var c = store.connect()) {
            try (var rs = c.createStatement().executeQuery("select provider_id, count(*), "
                    + "sum(case when status = 'PROCESSED' then 1 else 0 end), max(status || ' ' || coalesce(error, '')) "
                    + "from inbox group by provider_id")) {
                while (rs.next()) result.put(rs.getString(1), new Rows(rs.getInt(2), rs.getInt(3), 0, rs.getString(4)));
            }
            try (var rs = c.createStatement().executeQuery(
                    "select provider_id, count(*) from messages where direction = 'IN' group by provider_id")) {
                while (rs.next()) {
                    var id = rs.getString(1);
                    var r = result.getOrDefault(id, new Rows(0, 0, 0));
                    result.put(id, new Rows(r.inbox(), r.processed(), rs.getInt(2), r.error()));
                }
            }
        }
        return result;
    }
}
