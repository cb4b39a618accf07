package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.FileReceiptJournal;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ReplyToEachPlaybook;
import dev.parley.testing.StoreAudit;
import dev.parley.testing.TestParley;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The receipt journal against a store that lost an acknowledged receipt (ADR 0001, "Receipt journal"). The crashed
 * state is built from real parts: the journal lines the running Parley wrote for SM1, SM2 and SM3 (each acknowledged
 * 202), and the store file as it was before SM3 arrived, so SM3's receipt and everything its processing wrote are
 * missing, as after a {@code kill -9} in which H2 lost SM3's commits. At the next start SM3 is put back and processed
 * once; SM1 and SM2, which the store kept, are neither inserted again nor processed again.
 */
class ReceiptJournalRecoveryTest {
    static final Map<ConfigKey, String> SETTINGS = Map.of(ConfigKey.PLAYBOOK_DEFAULT, ReplyToEachPlaybook.NAME,
            ConfigKey.PLAYBOOK_INBOUND, ReplyToEachPlaybook.NAME, ConfigKey.ALERTS_MODEL, "off");
    @TempDir Path dir;
    Path home;
    Path journal;
    Map<String, StoreAudit.Rows> keptBefore;
    Map<String, Long> inboxIdsBefore;

    @BeforeEach
    void home() throws Exception {
        home = Files.createDirectories(dir.resolve("home"));
        journal = home.resolve("data/parley.receipts");
    }

    void aStoreThatLostSm3AndTheJournalThatHasIt() throws Exception {
        var store = home.resolve("data/parley.mv.db");
        byte[] journalOfSm1AndSm2;
        try (var parley = start()) {
            post(parley, "SM1", "+15550101");
            post(parley, "SM2", "+15550102");
            awaitSent(parley, 2);
            journalOfSm1AndSm2 = Files.readAllBytes(journal);
        }
        assertThat(journal).as("discarded when the store is closed cleanly").doesNotExist();
        var storeWithoutSm3 = Files.copy(store, dir.resolve("without-sm3.mv.db"));
        keptBefore = StoreAudit.byProviderId(home);
        inboxIdsBefore = inboxIds();

        byte[] journalOfSm3;
        try (var parley = start()) {
            post(parley, "SM3", "+15550103");
            var again = parley.http().postGeneric("wh-SM1-again", ParleyHttp.message("SM1", "sms", "+15550101", "hi"),
                    Clock.systemUTC());
            assertThat(ParleyHttp.json(again).get("duplicate").asBoolean()).isTrue();
            awaitSent(parley, 3);
            journalOfSm3 = Files.readAllBytes(journal);
            assertThat(new FileReceiptJournal(journal).entries().entries())
                    .as("journalled once, when it was new; a duplicate is not journalled")
                    .extracting(e -> e.message().providerId()).containsExactly("SM3");
        }
        assertThat(StoreAudit.repliesByReplyTo(home).get("SM3")).containsExactly("SENT");

        // The crash: what the journal had on disk for SM1..SM3, and a store whose file never got SM3's commits.
        Files.copy(storeWithoutSm3, store, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.write(journal, journalOfSm1AndSm2);
        Files.write(journal, journalOfSm3, StandardOpenOption.APPEND);
        assertThat(StoreAudit.byProviderId(home)).doesNotContainKey("SM3");
    }

    @Test
    void anAcknowledgedReceiptMissingFromTheStoreIsRestoredAtStartAndProcessedOnce() throws Exception {
        aStoreThatLostSm3AndTheJournalThatHasIt();
        try (var parley = start()) {
            awaitSent(parley, 3);
            var again = parley.http().postGeneric("wh-SM3-again", ParleyHttp.message("SM3", "sms", "+15550103", "hi"),
                    Clock.systemUTC());
            assertThat(again.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(again).get("duplicate").asBoolean()).isTrue();
            assertThat(parley.app.metrics.processed.sum()).as("only the restored receipt ran").isEqualTo(1);
        }
        var rows = StoreAudit.byProviderId(home);
        assertThat(rows.keySet()).containsExactlyInAnyOrder("SM1", "SM2", "SM3");
        for (var id : List.of("SM1", "SM2", "SM3")) {
            assertThat(rows.get(id)).as("inbox, processed, messages rows of %s", id)
                    .isEqualTo(new StoreAudit.Rows(1, 1, 1));
        }
        var replies = StoreAudit.repliesByReplyTo(home);
        for (var id : List.of("SM1", "SM2", "SM3")) {
            assertThat(replies.get(id)).as("replies to %s", id).containsExactly("SENT");
        }
        var ids = inboxIds();
        assertThat(ids).containsAllEntriesOf(inboxIdsBefore);
        assertThat(ids.get("SM3")).isGreaterThan(ids.get("SM2"));
        assertThat(journal).as("discarded at the clean close").doesNotExist();
    }

    @Test
    void everyOpenerOfTheStoreRestoresTheJournalNotOnlyServe() throws Exception {
        aStoreThatLostSm3AndTheJournalThatHasIt();
        // as a command line command (export, copy, restore's check) opens the store
        try (var database = Database.open("jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath(), "sa", "",
                2)) {
            var sm3 = database.transactions().inTransaction(s -> s.inbox().byStatus(InboxStatus.RECEIVED, 10));
            assertThat(sm3).extracting(e -> e.message().providerId()).containsExactly("SM3");
            assertThat(sm3.getFirst().message().text()).isEqualTo("hello SM3");
            assertThat(database.receiptJournal()).isInstanceOf(FileReceiptJournal.class);
            assertThat(journal).as("kept while the store is open: the restored row is one more commit").exists();
        }
        // every receipt is in the store now; SM3's reply was claimed before the store lost it, and no row has made it
        // again (this opener processes nothing): its claim is kept, so the reply is not sent as new later (issue 34)
        var kept = new FileReceiptJournal(journal);
        assertThat(kept.entries().entries()).as("receipts kept after the clean close").isEmpty();
        assertThat(kept.claims()).as("claims kept after the clean close").singleElement()
                .satisfies(claim -> assertThat(claim.replyTo()).isEqualTo("SM3"));
        assertThat(StoreAudit.byProviderId(home).get("SM1")).isEqualTo(keptBefore.get("SM1"));
        assertThat(inboxIds()).containsAllEntriesOf(inboxIdsBefore).containsKey("SM3");
    }

    @Test
    void aReceiptThatCannotBeJournalledIsNotAcknowledged() throws Exception {
        try (var parley = start()) {
            Files.createDirectories(journal);  // a journal that cannot be written: here, a directory in its place
            var response = parley.http().postGeneric("wh-SM9", ParleyHttp.message("SM9", "sms", "+15550109", "hi"),
                    Clock.systemUTC());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
            assertThat(ParleyHttp.json(response).get("error").asText()).isEqualTo("store_unavailable");
            // the commit had returned before the journal failed: the provider's retry finds it (ADR 0001, limits)
            Files.delete(journal);
            var retry = parley.http().postGeneric("wh-SM9", ParleyHttp.message("SM9", "sms", "+15550109", "hi"),
                    Clock.systemUTC());
            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(200);
            assertThat(ParleyHttp.json(retry).get("duplicate").asBoolean()).isTrue();
        }
    }

    private TestParley start() {
        return TestParley.start(home, Clock.systemUTC(), SETTINGS, null, List.of(new ReplyToEachPlaybook()));
    }

    private static void post(TestParley parley, String providerId, String from) {
        var response = parley.http().postGeneric("wh-" + providerId,
                ParleyHttp.message(providerId, "sms", from, "hello " + providerId), Clock.systemUTC());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private void awaitSent(TestParley parley, int messages) {
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            var replies = replies(parley);
            return parley.inboxCounts().getOrDefault(InboxStatus.PROCESSED, 0L) == messages
                    && replies.size() == messages && replies.values().stream().allMatch(r -> r.equals(List.of("SENT")));
        });
    }

    /** Per provider id, the statuses of its replies, read through the running Parley's own connections. */
    private static Map<String, List<String>> replies(TestParley parley) throws Exception {
        var result = new java.util.HashMap<String, List<String>>();
        try (var c = parley.app.database.dataSource().getConnection();
             var rs = c.createStatement().executeQuery(
                     "select reply_to, status from outbox where reply_to is not null order by id")) {
            while (rs.next()) {
                result.computeIfAbsent(rs.getString(1), k -> new java.util.ArrayList<>()).add(rs.getString(2));
            }
            c.rollback();
        }
        return result;
    }

    private Map<String, Long> inboxIds() throws Exception {
        var ids = new java.util.HashMap<String, Long>();
        try (var c = java.sql.DriverManager.getConnection("jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath()
                + ";IFEXISTS=TRUE", "sa", "");
             var rs = c.createStatement().executeQuery("select provider_id, id from inbox")) {
            while (rs.next()) ids.put(rs.getString(1), rs.getLong(2));
        }
        return ids;
    }
}
