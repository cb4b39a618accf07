package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.operator.StartConversation;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Human review lists conversations with critical alerts first, then those with review-tier warnings (a learned
 * head's), page by page; high-value notices are not in Human review but in Opportunities (console v2, issue 17).
 */
class HumanReviewOrderTest {
    @TempDir Path home;

    @Test
    void reviewTierWarningsSortBelowCriticalAlertsAcrossPagesAndHighValueIsAnOpportunity() throws Exception {
        try (var parley = TestParley.start(home)) {
            var severities = List.of(AlertSeverity.WARNING, AlertSeverity.CRITICAL, AlertSeverity.HIGH_VALUE,
                    AlertSeverity.WARNING, AlertSeverity.CRITICAL, AlertSeverity.HIGH_VALUE);
            var conversations = new ArrayList<Long>();
            for (int i = 0; i < severities.size(); i++) {
                long conversation = parley.app.startConversation.start(new StartConversation.Command(null, "sms",
                        "+1555010" + i, "hi", "Dana")).conversationId();
                conversations.add(conversation);
                var severity = severities.get(i);
                parley.app.transactions.run(store -> {
                    long contact = store.conversations().find(conversation).orElseThrow().contactId();
                    store.alerts().raise(conversation, contact, null, severity, List.of("self_harm"),
                            List.of("model:self_harm"), "model", "{\"model\":[]}", Instant.now());
                });
            }
            var queues = new FindQueues(new JdbcQueues(parley.app.database.dataSource(), java.time.Clock.systemUTC()),
                    java.time.Clock.systemUTC());
            assertThat(queues.counts().get(QueueKind.HUMAN_REVIEW)).isEqualTo(4);
            assertThat(queues.counts().get(QueueKind.OPPORTUNITIES)).isEqualTo(2);

            var seen = new ArrayList<QueueItem>();
            var page = queues.page(QueueKind.HUMAN_REVIEW, null, null, 2);
            seen.addAll(page.items());
            while (page.next() != null) {
                page = queues.page(QueueKind.HUMAN_REVIEW, null, page.next(), 2);
                seen.addAll(page.items());
            }
            assertThat(seen).extracting(QueueItem::status).containsExactly("CRITICAL", "CRITICAL", "WARNING",
                    "WARNING");
            // within a tier, the longest waiting first
            assertThat(seen).extracting(QueueItem::conversationId).containsExactly(conversations.get(1),
                    conversations.get(4), conversations.get(0), conversations.get(3));
            assertThat(queues.page(QueueKind.OPPORTUNITIES, null, null, 10).items())
                    .extracting(QueueItem::conversationId)
                    .containsExactlyInAnyOrder(conversations.get(2), conversations.get(5));
        }
    }
}
