package dev.parley.adapter.persistence;

import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelCallLog;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code model_calls} in plain JDBC, each row in its own short transaction (outside the pipeline's). */
public final class JdbcModelCallLog implements ModelCallLog {
    private static final Logger LOG = LoggerFactory.getLogger(JdbcModelCallLog.class);
    private static final String COLUMNS = "at, task, provider, model, conversation_id, latency_ms, prompt_tokens, "
            + "completion_tokens, request_hash, outcome, fallback, error, prompt, response";
    private final DataSource dataSource;

    public JdbcModelCallLog(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Stores the call in a transaction of its own; when the calling thread is inside a writing transaction of the
     * pipeline (a playbook asking the model), right after that transaction ends (see {@link SingleWriter}), and the
     * id is then not known yet (0).
     */
    @Override
    public long record(ModelCall call) {
        var writer = singleWriter();
        if (writer != null) {
            var id = new long[1];
            writer.whenNoWriteOpen(() -> id[0] = insert(call));
            return id[0];
        }
        return insert(call);
    }

    private SingleWriter singleWriter() {
        try {
            return dataSource.isWrapperFor(SingleWriter.class) ? dataSource.unwrap(SingleWriter.class) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    private long insert(ModelCall call) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement("insert into model_calls (" + COLUMNS
                     + ") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            st.setTimestamp(1, Timestamp.from(call.at()));
            st.setString(2, call.task());
            st.setString(3, call.provider());
            st.setString(4, clip(call.model(), 255));
            setLong(st, 5, call.conversationId());
            st.setLong(6, call.latencyMillis());
            setInt(st, 7, call.promptTokens());
            setInt(st, 8, call.completionTokens());
            st.setString(9, call.requestHash());
            st.setString(10, call.outcome());
            st.setBoolean(11, call.fallback());
            st.setString(12, clip(call.error(), 1000));
            st.setString(13, call.prompt());
            st.setString(14, call.response());
            st.executeUpdate();
            long id;
            try (ResultSet keys = st.getGeneratedKeys()) {
                id = keys.next() ? keys.getLong(1) : 0;
            }
            c.commit(); // the pool hands out connections with auto-commit off
            return id;
        } catch (SQLException e) {
            LOG.warn("model call of task {} not recorded (SQL state {})", call.task(), e.getSQLState());
            return 0;
        }
    }

    @Override
    public void reassign(long provisionalConversationId, long conversationId) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement st = c.prepareStatement(
                     "update model_calls set conversation_id = ? where conversation_id = ?")) {
            st.setLong(1, conversationId);
            st.setLong(2, provisionalConversationId);
            st.executeUpdate();
            c.commit();
        } catch (SQLException e) {
            LOG.warn("model calls of conversation {} not filed under it (SQL state {})", conversationId,
                    e.getSQLState());
        }
    }

    @Override
    public List<ModelCall> recent(int limit) {
        return query("select id, " + COLUMNS + " from model_calls order by id desc fetch first " + Math.max(1, limit)
                + " rows only", null);
    }

    @Override
    public List<ModelCall> ofConversation(long conversationId) {
        return query("select id, " + COLUMNS + " from model_calls where conversation_id = ? order by id",
                conversationId);
    }

    private List<ModelCall> query(String sql, Long parameter) {
        try (Connection c = dataSource.getConnection(); PreparedStatement st = c.prepareStatement(sql)) {
            if (parameter != null) st.setLong(1, parameter);
            var calls = new ArrayList<ModelCall>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    calls.add(new ModelCall(rs.getLong(1), rs.getTimestamp(2).toInstant(), rs.getString(3),
                            rs.getString(4), rs.getString(5), (Long) rs.getObject(6, Long.class), rs.getLong(7),
                            rs.getObject(8, Integer.class), rs.getObject(9, Integer.class), rs.getString(10),
                            rs.getString(11), rs.getBoolean(12), rs.getString(13), rs.getString(14),
                            rs.getString(15)));
                }
            }
            return calls;
        } catch (SQLException e) {
            throw new IllegalStateException("model_calls unreadable (SQL state " + e.getSQLState() + ")", e);
        }
    }

    private static void setLong(PreparedStatement st, int index, Long value) throws SQLException {
        if (value == null) st.setNull(index, Types.BIGINT);
        else st.setLong(index, value);
    }

    private static void setInt(PreparedStatement st, int index, Integer value) throws SQLException {
        if (value == null) st.setNull(index, Types.INTEGER);
        else st.setInt(index, value);
    }

    private static String clip(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
