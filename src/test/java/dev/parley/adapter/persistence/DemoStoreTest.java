package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.console.FindQueues;
import dev.parley.application.console.QueueKind;
import dev.parley.application.operator.StartConversation;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoStoreTest {
    @TempDir Path home;

    @Test
    void fillsAnEmptyStoreThatTheConsoleAndThePipelineThenUse() throws Exception {
        try (var parley = TestParley.start(home)) {
            var dataSource = parley.app.database.dataSource();
            var figures = DemoStore.generate(dataSource, 600, 10, 7, Instant.now());
            assertThat(figures.conversations()).isEqualTo(600);
            assertThat(figures.messages()).isBetween(600L * 8, 600L * 12);

            var queues = new FindQueues(new JdbcQueues(dataSource, java.time.Clock.systemUTC()), java.time.Clock.systemUTC());
            var counts = queues.counts();
            assertThat(counts.get(QueueKind.ALL)).isEqualTo(600);
            long inReview;
            try (var c = dataSource.getConnection(); var st = c.createStatement();
                 var rs = st.executeQuery("select count(*) from conversations where state = 'HumanReview'")) {
                rs.next();
                inReview = rs.getLong(1);
            }
            assertThat(inReview).isPositive();
            assertThat(counts.get(QueueKind.HUMAN_REVIEW)).isEqualTo(inReview);
            var first = queues.page(QueueKind.ALL, null, null, 100);
            assertThat(first.items()).hasSize(100);
            assertThat(first.items()).isSortedAccordingTo((a, b) -> b.since().compareTo(a.since()));
            assertThat(queues.page(QueueKind.ALL, null, first.next(), 100).items()).hasSize(100)
                    .noneMatch(i -> first.items().contains(i));
            assertThat(queues.dashboard().traffic()).isNotEmpty();

            // identity columns continue after the demo's explicit ids
            var started = parley.app.startConversation.start(new StartConversation.Command(null, "sms",
                    "+19990001", "hi", "Dana"));
            assertThat(started.conversationId()).isEqualTo(601);

            assertThatThrownBy(() -> DemoStore.generate(dataSource, 10, 2, 1, Instant.now()))
                    .hasMessageContaining("not empty");
        }
    }
}
