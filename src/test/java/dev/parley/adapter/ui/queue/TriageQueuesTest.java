package dev.parley.adapter.ui.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.persistence.JdbcQueues;
import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueItem;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueSort;
import dev.parley.domain.alert.AlertSeverity;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Human review holds one row per conversation waiting for a decision, most urgent first, each saying why; high-value
 * alerts go to Opportunities and badge the conversation. Messages go through the real pipeline (outreach playbook).
 */
class TriageQueuesTest {
    @TempDir Path home;
    ConsoleFixture fx;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    QueueViewModel queue(QueueKind kind) {
        return new QueueViewModel(kind, fx.context.queues(), fx.context.reveal(), fx.executor, Clock.systemUTC(),
                () -> "Dana");
    }

    @Test
    void humanReviewPutsTheCriticalFirstThenTheReviewTierThenTheUnclearAndOpportunitiesApart() {
        // arrival order is the reverse of urgency: oldest first would be the wrong order
        long highValue = fx.startOutreach("+15550301");
        fx.inbound(highValue, "+15550301", "Thanks for your message. I have the family bible somewhere, let me look.");
        long unclear = fx.startOutreach("+15550302");
        fx.inbound(unclear, "+15550302", "I'm not sure who you are.");
        long review = fx.startOutreach("+15550303");
        fx.raiseReviewTier(review, "threats");
        long critical = fx.startOutreach("+15550304");
        fx.inbound(critical, "+15550304", "I want to end it all");

        var model = queue(QueueKind.HUMAN_REVIEW);
        model.refresh();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).containsExactly(critical, review, unclear);
        assertThat(model.rows()).extracting(r -> r.item().status()).containsExactly("CRITICAL", "WARNING", "REVIEW");
        assertThat(model.rows().get(0).why()).startsWith("Critical alert: self-harm")
                .contains("contact blocked, automation stopped").contains("not acknowledged for");
        assertThat(model.rows().get(0).preview().get()).isEqualTo("I want to end it all");
        assertThat(model.rows().get(1).why()).startsWith("Review-tier alert: threats (model)")
                .contains("contact not blocked");
        assertThat(model.rows().get(2).why()).startsWith("Unclear intent");

        var opportunities = queue(QueueKind.OPPORTUNITIES);
        opportunities.refresh();
        assertThat(opportunities.rows()).singleElement().satisfies(r -> {
            assertThat(r.item().conversationId()).isEqualTo(highValue);
            assertThat(r.why()).startsWith("High value:").contains("automation continues");
        });
        assertThat(fx.parley.app.find.detail(highValue).conversation().state()).isNotEqualTo("HumanReview");
        var all = queue(QueueKind.ALL);
        all.refresh();
        assertThat(all.rows()).filteredOn(r -> r.item().conversationId() == highValue).singleElement()
                .satisfies(r -> assertThat(r.categories()).contains("★ opportunity"));
        assertThat(fx.context.queues().counts()).containsEntry(QueueKind.HUMAN_REVIEW, 3L)
                .containsEntry(QueueKind.OPPORTUNITIES, 1L);

        // a playbook's question and its breached deadline (buyer-sms) are Escalations, in no other queue
        long asked = fx.startOutreach("+15550305");
        var raised = fx.tx().inTransaction(s -> {
            long contact = s.conversations().find(asked).orElseThrow().contactId();
            return java.util.List.of(s.alerts().raise(asked, contact, null, AlertSeverity.ESCALATION, java.util.List.of(
                    "financing"), java.util.List.of(), "buyer-sms", java.time.Instant.now()), s.alerts().raise(asked,
                    contact, null, AlertSeverity.SLA_BREACH, java.util.List.of("sla_breach", "financing"),
                            java.util.List.of(),
                    "buyer-sms", java.time.Instant.now()));
        });
        var escalations = queue(QueueKind.ESCALATIONS);
        escalations.refresh();
        // one case per escalated question: its breached deadline is shown on that case (Escalations view), and
        // neither alert is Human review or an opportunity
        assertThat(escalations.rows()).extracting(r -> r.item().id()).containsExactly(raised.getFirst());
        assertThat(fx.context.queues().counts()).containsEntry(QueueKind.ESCALATIONS, 1L)
                .containsEntry(QueueKind.HUMAN_REVIEW, 3L).containsEntry(QueueKind.OPPORTUNITIES, 1L);
    }

    @Test
    void withinATierTheLongestWaitingComesFirstAndAcknowledgingShowsWhoAndHowFast() throws Exception {
        long first = fx.startOutreach("+15550311");
        fx.inbound(first, "+15550311", "I want to end it all");
        long second = fx.startOutreach("+15550312");
        fx.inbound(second, "+15550312", "I will sue you, my lawyer is ready");
        var model = queue(QueueKind.HUMAN_REVIEW);
        model.refresh();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).containsExactly(first, second);

        var alert = fx.parley.app.find.detail(second).alerts().getFirst();
        fx.context.alerts().acknowledge(second, alert.id(), "Dana");
        model.refresh();
        assertThat(model.rows().get(1).why()).contains("acknowledged by Dana after");
        assertThat(model.rows().get(0).why()).contains("not acknowledged for");

        // unblocking is the decision: its note resolves the alert, and the conversation leaves Human review
        fx.parley.app.unblock.unblock(first, "AwaitingReply", "Called them; they are safe", "Dana");
        model.refresh();
        assertThat(model.rows()).extracting(r -> r.item().conversationId()).containsExactly(second);
        var resolved = fx.parley.app.find.detail(first).alerts().getFirst();
        assertThat(resolved.resolved()).isTrue();
        assertThat(resolved.handling().resolutionNote()).isEqualTo("unblocked: Called them; they are safe");
    }

    @Test
    void wholeStoreOrdersPageByKeysetAndSearchFindsMessageTextContactAndKey() {
        var ids = new ArrayList<Long>();
        for (int i = 0; i < 5; i++) ids.add(fx.startOutreach("+1555032" + i));
        fx.inbound(ids.get(1), "+15550321", "My grandmother Mary O'Brien was born in Cork in 1890.");
        fx.inbound(ids.get(3), "+15550323", "I want to end it all");
        fx.inbound(ids.get(4), "+15550324", "I have the family bible and some original photos");
        var queues = fx.context.queues();

        var bySeverity = pages(QueueKind.ALL, QueueSort.SEVERITY, QueueFilter.NONE, 2);
        assertThat(bySeverity).hasSize(5);
        assertThat(bySeverity.get(0).conversationId()).isEqualTo(ids.get(3));
        assertThat(bySeverity.get(1).conversationId()).isEqualTo(ids.get(4));
        var oldest = pages(QueueKind.ALL, QueueSort.OLDEST, QueueFilter.NONE, 2);
        var newest = pages(QueueKind.ALL, QueueSort.NEWEST, QueueFilter.NONE, 2);
        assertThat(oldest).hasSize(5).isSortedAccordingTo((a, b) -> a.since().compareTo(b.since()));
        assertThat(newest).extracting(QueueItem::id).containsExactlyElementsOf(oldest.reversed().stream()
                .map(QueueItem::id).toList());

        assertThat(search("grandmother cork")).containsExactly(ids.get(1));
        assertThat(search("O'Brien")).containsExactly(ids.get(1));
        assertThat(search("grandm")).containsExactly(ids.get(1));
        assertThat(search("bible")).containsExactly(ids.get(4));
        assertThat(search("bible cork")).isEmpty();
        assertThat(search("0322")).containsExactly(ids.get(2));
        assertThat(search("55503")).hasSize(5);
        assertThat(queues.page(QueueKind.ALL, new QueueFilter(null, null, null, null, "critical"), null, 10).items())
                .extracting(QueueItem::conversationId).containsExactly(ids.get(3));
        assertThat(queues.page(QueueKind.ALL, new QueueFilter(null, null, null, null, "opportunity"), null, 10).items())
                .extracting(QueueItem::conversationId).containsExactly(ids.get(4));
    }

    @Test
    void searchFindsTheSameWhetherItLooksWordsUpOrChecksConversationsInQueueOrder() {
        var ids = new ArrayList<Long>();
        for (int i = 0; i < 6; i++) ids.add(fx.startOutreach("+1555044" + i));
        fx.inbound(ids.get(0), "+15550440", "My grandmother Mary O'Brien was born in Cork in 1890.");
        fx.inbound(ids.get(2), "+15550442", "Grandmother kept the family bible; I want to end it all");
        fx.inbound(ids.get(5), "+15550445", "grandfather's photos from Cork");
        var dataSource = fx.parley.app.database.dataSource();
        var lookUp = new FindQueues(new JdbcQueues(dataSource, Clock.systemUTC()), Clock.systemUTC());
        var scan = new FindQueues(new JdbcQueues(dataSource, Clock.systemUTC(), 0), Clock.systemUTC());
        for (var query : List.of("grandmother", "grand", "cork", "grandmother cork", "bible", "55504", "0445",
                "zzqx")) {
            for (var sort : QueueSort.values()) {
                var filter = new QueueFilter(null, null, null, query);
                assertThat(ids(scan, QueueKind.ALL, sort, filter)).as(query + " " + sort)
                        .containsExactlyElementsOf(ids(lookUp, QueueKind.ALL, sort, filter));
            }
            var filter = new QueueFilter(null, null, null, query);
            assertThat(ids(scan, QueueKind.HUMAN_REVIEW, null, filter)).as(query)
                    .containsExactlyElementsOf(ids(lookUp, QueueKind.HUMAN_REVIEW, null, filter));
        }
        assertThat(ids(scan, QueueKind.ALL, QueueSort.NEWEST, new QueueFilter(null, null, null, "grand")))
                .containsExactlyInAnyOrder(ids.get(0), ids.get(2), ids.get(5));
        assertThat(ids(scan, QueueKind.ALL, QueueSort.SEVERITY, new QueueFilter(null, null, null, "cork")))
                .containsExactly(ids.get(5), ids.get(0));
        assertThat(ids(scan, QueueKind.HUMAN_REVIEW, null, new QueueFilter(null, null, null, "bible")))
                .containsExactly(ids.get(2));
    }

    /** Every conversation id of a queue through {@code queues}, two rows a page. */
    private static List<Long> ids(FindQueues queues, QueueKind kind, QueueSort sort, QueueFilter filter) {
        var out = new ArrayList<Long>();
        var page = queues.page(kind, filter, sort, null, 2);
        page.items().forEach(i -> out.add(i.conversationId()));
        while (page.next() != null) {
            page = queues.page(kind, filter, sort, page.next(), 2);
            page.items().forEach(i -> out.add(i.conversationId()));
        }
        return out;
    }

    private List<Long> search(String query) {
        return pages(QueueKind.ALL, QueueSort.NEWEST, new QueueFilter(null, null, null, query), 2).stream()
                .map(QueueItem::conversationId).toList();
    }

    /** Every item of a queue, read page by page. */
    private List<QueueItem> pages(QueueKind kind, QueueSort sort, QueueFilter filter, int size) {
        var items = new ArrayList<QueueItem>();
        var page = fx.context.queues().page(kind, filter, sort, null, size);
        items.addAll(page.items());
        while (page.next() != null) {
            page = fx.context.queues().page(kind, filter, sort, page.next(), size);
            items.addAll(page.items());
        }
        return items;
    }
}
