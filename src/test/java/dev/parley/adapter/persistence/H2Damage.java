package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.db.MVTable;
import org.h2.result.Row;

/**
 * Makes an H2 index disagree with its table on purpose, through H2's internal index API (SQL cannot): the kinds of
 * damage our kill -9 reproduction found, for tests of the start-up integrity check. Test code only.
 */
final class H2Damage {
    private H2Damage() {
    }

    /** Removes the entry of row {@code rowId} from {@code index}; the row stays in the table. */
    static void removeIndexEntry(Connection c, String table, String index, long rowId) throws SQLException {
        var session = session(c);
        var t = table(session, table);
        Row row = t.getRow(session, rowId);
        t.getIndex(index).remove(session, row);
    }

    /** Adds to {@code index} an entry like row {@code likeRowId}'s, but naming row {@code missingRowId}. */
    static void addIndexEntryWithoutRow(Connection c, String table, String index, long likeRowId, long missingRowId)
            throws SQLException {
        var session = session(c);
        var t = table(session, table);
        Row row = t.getRow(session, likeRowId);
        var copy = Row.get(row.getValueList().clone(), row.getMemory(), missingRowId);
        t.getIndex(index).add(session, copy);
    }

    private static SessionLocal session(Connection c) throws SQLException {
        return (SessionLocal) c.unwrap(JdbcConnection.class).getSession();
    }

    private static MVTable table(SessionLocal session, String name) {
        return (MVTable) session.getDatabase().getSchema("PUBLIC").getTableOrView(session, name);
    }
}
