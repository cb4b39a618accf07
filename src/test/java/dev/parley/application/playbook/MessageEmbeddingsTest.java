package dev.parley.application.playbook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.stage.StoreBackend;
import dev.parley.application.store.Store;
import dev.parley.domain.embedding.Embedding;
import dev.parley.domain.message.Direction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageEmbeddingsTest {
    private static final Instant T0 = Instant.parse("2026-01-01T09:00:00Z");

    /** Counts the texts it was asked to embed; the vector encodes the text's length. */
    private static final class CountingEmbedder implements TextEmbedder {
        final List<String> asked = new ArrayList<>();

        @Override public String model() { return "counting"; }
        @Override public int dimensions() { return 2; }
        @Override public Embedding embed(String text) {
            asked.add(text);
            return Embedding.normalized("counting", new float[] {text.length(), 1});
        }
    }

    @Test
    void eachMessageIsEmbeddedOnceAndTheStoredVectorReused() {
        var embedder = new CountingEmbedder();
        var embeddings = new MessageEmbeddings(embedder);
        try (var tx = new InMemoryTransactions()) {
            long[] ids = tx.inTransaction((Store s) -> {
                var contact = s.contacts().findOrCreate("chat", "ann", null, T0);
                var conv = s.conversations().create("chat", "group", "noop", "Start", contact.id(), T0);
                return new long[] {
                        s.messages().add(conv.id(), Direction.IN, "1", "hello", null, T0, T0, "RECEIVED", null),
                        s.messages().add(conv.id(), Direction.IN, "2", "hi there", null, T0, T0, "RECEIVED", null)};
            });
            var first = tx.inTransaction((Store s) -> embeddings.of(session(s), ids[0], "hello"));
            var again = tx.inTransaction((Store s) -> embeddings.of(session(s), ids[0], "hello"));
            assertThat(again).isEqualTo(first);
            assertThat(embedder.asked).containsExactly("hello");

            var texts = new LinkedHashMap<Long, String>();
            texts.put(ids[1], "hi there");
            texts.put(ids[0], "hello");
            var both = tx.inTransaction((Store s) -> embeddings.of(session(s), texts));
            assertThat(both.keySet()).containsExactly(ids[1], ids[0]);
            assertThat(embedder.asked).containsExactly("hello", "hi there");
            assertThat(tx.inTransaction((Store s) -> s.embeddings().ofMessages(List.of(ids[0], ids[1]),
                    embedder.model())))
                    .isEqualTo(Map.of(ids[0], first, ids[1], both.get(ids[1])));
        }
    }

    /** A session on the transaction's store, its slow calls made at once (no stages around it). */
    private static ConversationSession session(Store s) {
        var conversation = s.conversations().findByKey("chat", "group").orElseThrow();
        return new ConversationSession(new StoreBackend(s, SlowCalls.DIRECT), new NoopPlaybook(), conversation, T0,
                "system");
    }
}
