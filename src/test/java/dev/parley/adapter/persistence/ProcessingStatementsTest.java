package dev.parley.adapter.persistence;

import static dev.parley.testing.H2QueryStatistics.count;
import static dev.parley.testing.H2QueryStatistics.executions;
import static dev.parley.testing.H2QueryStatistics.sql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What processing a message asks of the store (issue 8 §5), counted by H2 itself ({@code QUERY_STATISTICS}) while ten
 * messages of one known conversation are processed on a real Parley: the inbox row is marked PROCESSED by an update of
 * the columns that changed (not its text and payload again), the message's vector is inserted without being read
 * first, and the row is not read again ahead of the transaction after its dispatch read it.
 */
class ProcessingStatementsTest {
    private static final int MESSAGES = 10;

    @TempDir Path home;

    @Test
    void processingReadsTheRowOnceInItsTransactionUpdatesOnlyChangedColumnsAndInsertsTheVectorWithoutReadingIt()
            throws Exception {
        // not started: the dispatcher runs only in drain(), so the statements counted are exactly those of the
        // dispatches and the processing of these rows (no poll or wake comes in between)
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            receive(parley, 0); // the conversation and its contact exist from here on
            assertThat(parley.app.worker.drain()).isEqualTo(1);
            sql(parley, "SET QUERY_STATISTICS_MAX_ENTRIES 1000");
            sql(parley, "SET QUERY_STATISTICS TRUE");
            for (int i = 1; i <= MESSAGES; i++) receive(parley, i);
            assertThat(parley.app.worker.drain()).isEqualTo(MESSAGES); // one lane: one head per dispatch
            var executions = executions(parley);
            sql(parley, "SET QUERY_STATISTICS FALSE");
            var all = executions.keySet().toString();

            assertThat(count(executions, "insert into message_embeddings")).as(all).isEqualTo(MESSAGES);
            assertThat(count(executions, "from message_embeddings")).as("reads of the vectors: " + all).isZero();

            var inboxUpdates = executions.entrySet().stream().filter(e -> e.getKey().startsWith("update inbox "))
                    .toList();
            assertThat(inboxUpdates.stream().mapToLong(Map.Entry::getValue).sum()).as(all).isEqualTo(MESSAGES);
            assertThat(inboxUpdates).allSatisfy(e -> assertThat(e.getKey()).contains("status=")
                    .doesNotContain("text=").doesNotContain("payload=").doesNotContain("chat_details="));

            // each row is read by id twice: as its lane's head (the dispatch) and when the processing claims it;
            // the vector computed ahead of the transaction is of the head's text, not of a third read
            assertThat(count(executions, "from inbox ie1_0 where ie1_0.id=?")).as(all).isEqualTo(2L * MESSAGES);
        }
    }

    private static void receive(TestParley parley, int i) {
        var receipt = parley.app.receive.receive(new InboundMessage("sms", "m-" + i, "+15558881000", "+15558881000",
                null, "hello number " + i, null, Instant.now(), null, null), null);
        assertThat(receipt.duplicate()).isFalse();
    }
}
