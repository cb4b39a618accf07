package dev.parley.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import javax.sql.DataSource;

/**
 * Fills an empty H2 store with a realistic demo (contacts, conversations in outreach states, messages both ways,
 * transitions, a few critical and high-value alerts, held messages, failed inbox rows) using batched JDBC inserts
 * with explicit ids, then moves the identity columns past them. Fast enough for 100k conversations / 1M messages.
 */
public final class DemoStore {
    /** What was written. */
    public record Figures(long contacts, long conversations, long messages, long events, long alerts, long outbox,
                          long inbox, long millis) {
    }

    private static final List<String> STATES = List.of("AwaitingReply", "AwaitingReply", "ProductiveEngagement",
            "ExtractionPending", "ExtractionComplete", "Conclusion", "Desist", "Initial");
    private static final List<String> CHANNELS = List.of("sms", "sms", "sms", "whatsapp", "whatsapp", "chat");
    private static final List<String> IN = List.of("Hi, who is this?", "Sure, tell me more.",
            "Can you call me at 555 201 3344 tomorrow?", "I'm not interested, thanks.", "What does it cost?",
            "Send the details to alex.m@example.org please", "Sounds good, Thursday works.",
            "Is this still available?", "ok", "Thanks for the info!");
    private static final List<String> OUT = List.of("Hello! This is Parley on behalf of the community team.",
            "Thanks for getting back to us. Would a short call this week suit you?",
            "Here is the summary you asked for.", "Noted, we won't contact you again.",
            "Great, I've put Thursday 10:00 in the calendar.", "Could you confirm the best number to reach you?");
    private static final List<List<String>> CRITICAL = List.of(List.of("self_harm"), List.of("threats"),
            List.of("legal"), List.of("threats", "legal"));

    private DemoStore() {
    }

    public static Figures generate(DataSource dataSource, int conversations, int messagesPer, long seed, Instant now)
            throws SQLException {
        long started = System.nanoTime();
        var random = new Random(seed);
        try (var c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (var st = c.createStatement(); var rs = st.executeQuery("select count(*) from conversations")) {
                rs.next();
                if (rs.getLong(1) > 0) throw new IllegalStateException("the store is not empty");
            }
            var w = new Writer(c);
            long messageId = 0, eventId = 0, alertId = 0, outboxId = 0, inboxId = 0;
            for (int i = 1; i <= conversations; i++) {
                var channel = CHANNELS.get(random.nextInt(CHANNELS.size()));
                var address = channel.equals("chat") ? "user" + (100000 + i) : "+1555" + String.format("%07d", i);
                // conversations start in id order over the last 30 days, as they would in a real store
                var created = now.minus(Duration.ofMinutes((long) (60L * 24 * 30 * (conversations - i + 1))
                        / conversations + random.nextInt(30)));
                boolean critical = random.nextInt(200) == 0;
                boolean highValue = !critical && random.nextInt(100) == 0;
                var state = critical ? "HumanReview" : STATES.get(random.nextInt(STATES.size()));
                var playbook = random.nextInt(10) == 0 ? "noop" : "outreach";
                if (playbook.equals("noop")) state = "Open";
                var status = critical ? "BLOCKED" : state.equals("Desist") ? "OPTED_OUT" : "ACTIVE";
                var categories = critical ? CRITICAL.get(random.nextInt(CRITICAL.size())) : List.<String>of();
                var t = created;
                w.contact(i, channel, address, status, created);
                long lastMessage = 0;
                int n = Math.max(1, messagesPer + random.nextInt(5) - 2);
                for (int m = 0; m < n; m++) {
                    t = t.plus(Duration.ofSeconds(30 + random.nextInt(900)));
                    if (t.isAfter(now)) t = now;
                    boolean in = m % 2 == 1;
                    var text = in ? IN.get(random.nextInt(IN.size())) : OUT.get(random.nextInt(OUT.size()));
                    w.message(++messageId, i, in, text, t);
                    lastMessage = messageId;
                }
                var tags = critical ? "{\"categories\":" + JsonColumns.write(categories) + ",\"source\":\"demo\"}"
                        : null;
                w.conversation(i, channel, address, playbook, state, critical, tags, created, t);
                w.event(++eventId, i, "conversation_started", null, playbook.equals("noop") ? "Open" : "Initial",
                        null, created, null);
                if (!playbook.equals("noop") && !state.equals("Initial")) {
                    w.event(++eventId, i, "transition", "Initial", "AwaitingReply", "message_sent",
                            created.plusSeconds(5), null);
                    if (!state.equals("AwaitingReply")) {
                        w.event(++eventId, i, "transition", "AwaitingReply", state, critical ? "critical_alert"
                                : "message_received", t, tags);
                    }
                }
                if (critical || highValue) {
                    w.alert(++alertId, i, lastMessage, critical ? "CRITICAL" : "HIGH_VALUE",
                            critical ? categories : List.of("high_value"), t);
                }
                if (critical) {
                    w.outbox(++outboxId, i, "HELD", "critical alert " + alertId, OUT.get(1), t);
                } else if (random.nextInt(400) == 0) {
                    w.outbox(++outboxId, i, "DENIED", "contact opted out", OUT.get(2), t);
                }
                if (random.nextInt(1000) == 0) w.failedInbox(++inboxId, channel, address, t);
                w.maybeFlush(i);
            }
            w.flush();
            for (var table : List.of("contacts", "conversations", "messages", "conversation_events", "alerts",
                    "outbox", "inbox")) {
                try (var st = c.createStatement(); var rs = st.executeQuery("select coalesce(max(id), 0) + 1 from "
                        + table)) {
                    rs.next();
                    st.execute("alter table " + table + " alter column id restart with " + rs.getLong(1));
                }
            }
            c.commit();
            QueueReadModel.refreshAll(c);
            SearchIndex.rebuild(c);
            c.commit();
            w.close();
            return new Figures(conversations, conversations, messageId, eventId, alertId, outboxId, inboxId,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    /** The prepared batch inserts. */
    private static final class Writer implements AutoCloseable {
        private final Connection c;
        private final PreparedStatement contact;
        private final PreparedStatement conversation;
        private final PreparedStatement message;
        private final PreparedStatement event;
        private final PreparedStatement alert;
        private final PreparedStatement outbox;
        private final PreparedStatement inbox;

        Writer(Connection c) throws SQLException {
            this.c = c;
            contact = c.prepareStatement("insert into contacts (id, channel, address, status, status_since, "
                    + "status_reason, status_by, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)");
            conversation = c.prepareStatement("insert into conversations (id, channel, conv_key, playbook, state, "
                    + "contact_id, automation_paused, critical_alert_tags, created_at, updated_at) values "
                    + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
            message = c.prepareStatement("insert into messages (id, conversation_id, direction, provider_id, text, "
                    + "sent_at, received_at, status) values (?, ?, ?, ?, ?, ?, ?, ?)");
            event = c.prepareStatement("insert into conversation_events (id, conversation_id, type, from_state, "
                    + "to_state, trigger_name, actor, at, detail) values (?, ?, ?, ?, ?, ?, 'system', ?, ?)");
            alert = c.prepareStatement("insert into alerts (id, conversation_id, contact_id, message_id, severity, "
                    + "categories, pattern_ids, source, status, created_at) values (?, ?, ?, ?, ?, ?, '[\"demo\"]', "
                    + "'demo', 'OPEN', ?)");
            outbox = c.prepareStatement("insert into outbox (id, conversation_id, contact_id, cause, purpose, text, "
                    + "status, reason, next_attempt_at, actor, created_at) values (?, ?, ?, ?, 'demo', ?, ?, ?, ?, "
                    + "'system', ?)");
            inbox = c.prepareStatement("insert into inbox (id, channel, provider_id, conversation_key, sender, text, "
                    + "sent_at, playbook, status, attempts, error, received_at, next_attempt_at) values (?, ?, ?, ?, "
                    + "?, 'message for a playbook that is not installed', ?, 'survey', 'FAILED', 5, "
                    + "'unknown playbook ''survey''', ?, ?)");
        }

        void contact(long id, String channel, String address, String status, Instant at) throws SQLException {
            contact.setLong(1, id);
            contact.setString(2, channel);
            contact.setString(3, address);
            contact.setString(4, status);
            contact.setTimestamp(5, status.equals("ACTIVE") ? null : ts(at));
            contact.setString(6, status.equals("BLOCKED") ? "critical alert" : status.equals("OPTED_OUT")
                    ? "asked to stop" : null);
            contact.setString(7, status.equals("ACTIVE") ? null : "system");
            contact.setTimestamp(8, ts(at));
            contact.addBatch();
        }

        void conversation(long id, String channel, String key, String playbook, String state, boolean paused,
                          String tags, Instant created, Instant updated) throws SQLException {
            conversation.setLong(1, id);
            conversation.setString(2, channel);
            conversation.setString(3, key);
            conversation.setString(4, playbook);
            conversation.setString(5, state);
            conversation.setLong(6, id);
            conversation.setBoolean(7, paused);
            conversation.setString(8, tags);
            conversation.setTimestamp(9, ts(created));
            conversation.setTimestamp(10, ts(updated));
            conversation.addBatch();
        }

        void message(long id, long conversationId, boolean in, String text, Instant at) throws SQLException {
            message.setLong(1, id);
            message.setLong(2, conversationId);
            message.setString(3, in ? "IN" : "OUT");
            message.setString(4, (in ? "demo-in-" : "local-") + id);
            message.setString(5, text);
            message.setTimestamp(6, ts(at));
            message.setTimestamp(7, in ? ts(at) : null);
            message.setString(8, in ? "PROCESSED" : "SENT");
            message.addBatch();
        }

        void event(long id, long conversationId, String type, String from, String to, String trigger, Instant at,
                   String detail) throws SQLException {
            event.setLong(1, id);
            event.setLong(2, conversationId);
            event.setString(3, type);
            event.setString(4, from);
            event.setString(5, to);
            event.setString(6, trigger);
            event.setTimestamp(7, ts(at));
            event.setString(8, detail);
            event.addBatch();
        }

        void alert(long id, long conversationId, long messageId, String severity, List<String> categories,
                   Instant at) throws SQLException {
            alert.setLong(1, id);
            alert.setLong(2, conversationId);
            alert.setLong(3, conversationId);
            alert.setLong(4, messageId);
            alert.setString(5, severity);
            alert.setString(6, JsonColumns.write(categories));
            alert.setTimestamp(7, ts(at));
            alert.addBatch();
        }

        void outbox(long id, long conversationId, String status, String reason, String text, Instant at)
                throws SQLException {
            outbox.setLong(1, id);
            outbox.setLong(2, conversationId);
            outbox.setLong(3, conversationId);
            outbox.setString(4, "demo:" + id);
            outbox.setString(5, text);
            outbox.setString(6, status);
            outbox.setString(7, reason);
            outbox.setTimestamp(8, ts(at));
            outbox.setTimestamp(9, ts(at));
            outbox.addBatch();
        }

        void failedInbox(long id, String channel, String address, Instant at) throws SQLException {
            inbox.setLong(1, id);
            inbox.setString(2, channel);
            inbox.setString(3, "demo-failed-" + id);
            inbox.setString(4, address);
            inbox.setString(5, address);
            inbox.setTimestamp(6, ts(at));
            inbox.setTimestamp(7, ts(at));
            inbox.setTimestamp(8, ts(at));
            inbox.addBatch();
        }

        void maybeFlush(int conversations) throws SQLException {
            if (conversations % 2000 == 0) {
                flush();
                c.commit();
            }
        }

        void flush() throws SQLException {
            // parents before children (foreign keys)
            for (var st : List.of(contact, conversation, message, event, alert, outbox, inbox)) st.executeBatch();
        }

        private static Timestamp ts(Instant at) {
            return at == null ? null : Timestamp.from(at);
        }

        @Override
        public void close() throws SQLException {
            for (var st : List.of(contact, conversation, message, event, alert, outbox, inbox)) st.close();
        }
    }
}
