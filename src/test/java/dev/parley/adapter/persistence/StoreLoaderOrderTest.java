package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import dev.parley.testing.H2StoreTemplate;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader holds rows back and writes them table by table in id order: the store it leaves is the same whether it
 * holds one row (writes each at once) or many, with children given before rows of lower ids and their parents given
 * in the same hold; a write that fails is reported and the loader still closes.
 */
class StoreLoaderOrderTest {
    private static final Instant T = Instant.parse("2026-11-01T10:00:00Z");

    @Test
    void holdingRowsLeavesTheSameStoreAsWritingEachAtOnce(@TempDir Path once, @TempDir Path held,
                                                          @TempDir Path all) throws Exception {
        try (var a = open(once); var b = open(held); var c = open(all)) {
            load(a.dataSource(), 1);
            load(b.dataSource(), 3);
            load(c.dataSource(), 1_000);
            var expected = rows(a.dataSource());
            assertThat(expected).hasSize(2 + 2 + 5 + 1 + 1);
            assertThat(expected).anyMatch(r -> r.startsWith("search_terms ") && r.contains("thursday"));
            assertThat(rows(b.dataSource())).isEqualTo(expected);
            assertThat(rows(c.dataSource())).isEqualTo(expected);
        }
    }

    @Test
    void aReleaseThatFailsIsReportedAndTheLoaderStillCloses(@TempDir Path home) throws Exception {
        try (var store = open(home)) {
            var loader = StoreLoader.open(store.dataSource(), 1);
            // a message of a conversation never given: its foreign key fails when the held rows are written
            loader.message(message(1, 99, Direction.IN, "Nobody's"), null);
            assertThatThrownBy(loader::finish).isInstanceOf(SQLException.class);
            loader.close();
            try (var c = store.dataSource().getConnection(); var st = c.createStatement();
                 var rs = st.executeQuery("select count(*) from messages")) {
                rs.next();
                assertThat(rs.getLong(1)).isZero();
            }
        }
    }

    /** Two conversations as the demo hands them over: the one with the higher ids ends first. */
    private static void load(DataSource target, int hold) throws SQLException {
        try (var loader = StoreLoader.open(target, hold)) {
            loader.contact(contact(2, "+15550000002"), T);
            loader.conversation(conversation(2, 2), "+15550000002", "Ann Lee");
            loader.message(message(5, 2, Direction.OUT, "Thanks, Ann."), "system");
            loader.message(message(2, 2, Direction.IN, "Thursday suits me"), null);
            loader.contact(contact(1, "+15550000001"), T);
            loader.conversation(conversation(1, 1), "+15550000001", "Bo Chan");
            loader.message(message(4, 1, Direction.IN, "Later please"), null);
            loader.message(message(1, 1, Direction.OUT, "Hello Bo"), "system");
            loader.message(message(3, 1, Direction.OUT, "Of course"), "operator-1");
            loader.finish();
        }
    }

    /** The loaded tables' rows, each as text, in id order (search terms without their ids). */
    private static List<String> rows(DataSource dataSource) throws SQLException {
        var out = new ArrayList<String>();
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            for (var query : List.of(
                    "select 'contacts', id, channel, address, display_name, status from contacts order by id",
                    "select 'conversations', id, contact_id, conv_key, state from conversations order by id",
                    "select 'messages', id, conversation_id, direction, text, actor from messages order by id",
                    "select 'search_terms', conversation_id, listagg(term, ' ') within group (order by term) "
                            + "from search_terms group by conversation_id order by conversation_id")) {
                try (var rs = st.executeQuery(query)) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        var row = new StringBuilder(rs.getString(1));
                        for (int i = 2; i <= n; i++) row.append(' ').append(rs.getString(i));
                        out.add(row.toString());
                    }
                }
            }
        }
        return out;
    }

    private static Contact contact(long id, String address) {
        return new Contact(id, "sms", address, null, ContactStatus.ACTIVE, null, null, null, null);
    }

    private static Conversation conversation(long id, long contactId) {
        return new Conversation(id, "sms", "+1555000000" + contactId, "outreach", "AwaitingReply", contactId, false,
                null, T, T, 0);
    }

    private static Message message(long id, long conversationId, Direction direction, String text) {
        return new Message(id, conversationId, direction, "p" + id, text, null, T.plusSeconds(id), T.plusSeconds(id),
                "DELIVERED", null);
    }

    private static Database open(Path dir) {
        var url = "jdbc:h2:file:" + dir.resolve("parley") + ";WRITE_DELAY=0";
        H2StoreTemplate.seed(url, "sa", "");
        return Database.open(url, "sa", "", 2);
    }
}
