package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.operator.StartConversation;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Human review lists critical alerts first, then review-tier warnings, then high-value notices, page by page. */
class HumanReviewOrderTest {
    @TempDir Path home;

    @Test
    void reviewTierWarningsSortBelowCriticalAlertsAcrossPages() throws Exception {
        try (var parley = TestParley.start(home)) {
            var conversation = parley.app.startConversation.start(new StartConversation.Command(null, "sms",
                    "+15550100", "hi", "Dana")).conversationId();
            var severities = List.of("WARNING", "CRITICAL", "HIGH_VALUE", "WARNING", "CRITICAL", "HIGH_VALUE");
            parley.app.transactions.run(store -> {
                long contact = store.conversations().find(conversation).orElseThrow().contactId();
                for (var severity : severities) {
                    store.alerts().raise(conversation, contact, null, severity, List.of("self_harm"),
                            List.of("model:self_harm"), "model", "{\"model\":[]}", Instant.now());
                }
            });
            var queues = new FindQueues(new JdbcQueues(parley.app.database.dataSource()), java.time.Clock.systemUTC());
            assertThat(queues.counts().get(QueueKind.HUMAN_REVIEW)).isEqualTo(6);

            var seen = new ArrayList<QueueItem>();
            var page = queues.page(QueueKind.HUMAN_REVIEW, null, null, 2);
            seen.addAll(page.items());
            while (page.next() != null) {
                page = queues.page(QueueKind.HUMAN_REVIEW, null, page.next(), 2);
                seen.addAll(page.items());
            }
            assertThat(seen).extracting(QueueItem::status).containsExactly("CRITICAL", "CRITICAL", "WARNING",
                    "WARNING", "HIGH_VALUE", "HIGH_VALUE");
            assertThat(seen.get(0).id()).isGreaterThan(seen.get(1).id());
            assertThat(seen).extracting(QueueItem::id).doesNotHaveDuplicates();
        }
    }
}
