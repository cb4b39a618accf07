package dev.parley.application.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queues' orders as their page queries read them (QueueSql), for placing a row read on its own. */
class QueueOrderTest {
    static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

    static QueueItem item(QueueKind kind, long id, int rank, long secondsAfter) {
        return new QueueItem(kind, id, id, T0.plusSeconds(secondsAfter), "+1", "sms", "p", "S", List.of(), "",
                "", rank, null, false);
    }

    static List<Long> sorted(QueueKind kind, QueueSort sort, QueueItem... items) {
        var list = new ArrayList<>(List.of(items));
        list.sort(QueueOrder.of(kind, sort));
        return list.stream().map(QueueItem::id).toList();
    }

    @Test
    void humanReviewIsByTierThenLongestWaitingThenId() {
        var k = QueueKind.HUMAN_REVIEW;
        assertThat(sorted(k, QueueSort.URGENCY, item(k, 1, 2, 0), item(k, 2, 0, 50), item(k, 3, 0, 10),
                item(k, 4, 1, 5), item(k, 5, 0, 10))).containsExactly(3L, 5L, 2L, 4L, 1L);
    }

    @Test
    void allConversationsBySeverityNewestOrOldestActivity() {
        var k = QueueKind.ALL;
        var quietOld = item(k, 1, 0, 0);
        var criticalOld = item(k, 2, 3, 10);
        var quietNew = item(k, 3, 0, 30);
        var warningNew = item(k, 4, 2, 40);
        assertThat(sorted(k, QueueSort.SEVERITY, quietOld, criticalOld, quietNew, warningNew))
                .containsExactly(2L, 4L, 3L, 1L);
        assertThat(sorted(k, QueueSort.NEWEST, quietOld, criticalOld, quietNew, warningNew))
                .containsExactly(4L, 3L, 2L, 1L);
        assertThat(sorted(k, QueueSort.OLDEST, quietOld, criticalOld, quietNew, warningNew))
                .containsExactly(1L, 2L, 3L, 4L);
    }

    @Test
    void alertQueuesByIdAndFailedNewestFirstWhateverTheSortAsked() {
        var e = QueueKind.ESCALATIONS;
        assertThat(sorted(e, QueueSort.NEWEST, item(e, 5, 0, 0), item(e, 9, 0, 0), item(e, 7, 0, 99)))
                .containsExactly(9L, 7L, 5L);
        assertThat(sorted(e, QueueSort.OLDEST, item(e, 5, 0, 0), item(e, 9, 0, 0), item(e, 7, 0, 99)))
                .containsExactly(5L, 7L, 9L);
        var f = QueueKind.FAILED;
        assertThat(sorted(f, QueueSort.OLDEST, item(f, 1, 0, 5), item(f, 2, 0, 9), item(f, 3, 0, 9)))
                .containsExactly(3L, 2L, 1L);
    }
}
