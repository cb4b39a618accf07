package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueSort;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.message.Direction;
import dev.parley.testing.PostgresCluster;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Console v2 in team mode: the queues' read model and the search index are written by the process that stores the
 * change, in its transaction, and read by every other process of the PostgreSQL store (issue 17 on issue 15's store).
 */
class TeamQueuesTest {
    static final PostgresCluster PG = PostgresCluster.shared();
    static final Instant T = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void anotherProcessSeesHumanReviewInUrgencyOrderTheOpportunitiesAndFindsMessageWords() {
        var url = PG.newDatabase();
        try (var writer = PostgresStoreTest.open(url); var reader = PostgresStoreTest.open(url)) {
            long warning = conversation(writer, "+15550701", "AwaitingReply", "I could hurt him, honestly",
                    AlertSeverity.WARNING,
                    T);
            long critical = conversation(writer, "+15550702", "AwaitingReply", "I want to end it all",
                    AlertSeverity.CRITICAL,
                    T.plusSeconds(60));
            long unclear = conversation(writer, "+15550703", "HumanReview", "what is this about", null,
                    T.plusSeconds(120));
            long opportunity = conversation(writer, "+15550704", "AwaitingReply",
                    "My grandmother kept the family bible", AlertSeverity.HIGH_VALUE, T.plusSeconds(180));
            long laterCritical = conversation(writer, "+15550705", "AwaitingReply", "they will pay for this",
                    AlertSeverity.CRITICAL, T.plusSeconds(240));

            for (int lookupLimit : List.of(SearchPlan.LOOKUP_LIMIT, 0)) {
                var queues = new FindQueues(new JdbcQueues(reader.dataSource(), Clock.systemUTC(), lookupLimit),
                        Clock.systemUTC());
                assertThat(ids(queues, QueueKind.HUMAN_REVIEW, null, null))
                        .containsExactly(critical, laterCritical, warning, unclear);
                assertThat(ids(queues, QueueKind.OPPORTUNITIES, null, null)).containsExactly(opportunity);
                assertThat(ids(queues, QueueKind.ALL, QueueSort.SEVERITY, null).subList(0, 3))
                        .containsExactly(laterCritical, critical, warning);
                assertThat(ids(queues, QueueKind.ALL, QueueSort.NEWEST, "grandm")).as("plan %d", lookupLimit)
                        .containsExactly(opportunity);
                assertThat(ids(queues, QueueKind.ALL, QueueSort.NEWEST, "5550703")).containsExactly(unclear);
                assertThat(ids(queues, QueueKind.HUMAN_REVIEW, null, "end all")).containsExactly(critical);
                assertThat(queues.counts()).containsEntry(QueueKind.HUMAN_REVIEW, 4L)
                        .containsEntry(QueueKind.OPPORTUNITIES, 1L);
            }

            // resolving in one process takes the conversation out of Human review in the other
            writer.transactions().run(s -> s.alerts().ofConversation(critical).forEach(a -> s.alerts()
                    .resolve(a.id(), "Dana", T.plusSeconds(300), "called her, she is safe")));
            var queues = new FindQueues(new JdbcQueues(reader.dataSource(), Clock.systemUTC()), Clock.systemUTC());
            assertThat(ids(queues, QueueKind.HUMAN_REVIEW, null, null))
                    .containsExactly(laterCritical, warning, unclear);
        }
    }

    private static long conversation(Database db, String address, String state, String text, AlertSeverity severity,
                                     Instant at) {
        return db.transactions().inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", address, null, at);
            var c = s.conversations().create("sms", address, "outreach", "AwaitingReply", contact.id(), at);
            long message = s.messages().add(c.id(), Direction.IN, null, text, null, at, at, "RECEIVED", null);
            if (!state.equals(c.state())) s.conversations().setState(c.id(), state, at);
            if (severity != null) {
                s.alerts().raise(c.id(), contact.id(), message, severity, List.of("test"), List.of(), "pattern", at);
            }
            return c.id();
        });
    }

    private static List<Long> ids(FindQueues queues, QueueKind kind, QueueSort sort, String search) {
        var filter = search == null ? QueueFilter.NONE : new QueueFilter(null, null, null, search, null);
        return queues.page(kind, filter, sort, null, 50).items().stream().map(QueueItem::conversationId).toList();
    }
}
