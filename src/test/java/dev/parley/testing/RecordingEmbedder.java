package dev.parley.testing;

import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.embedding.Embedding;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A real embedder, recording for each call whether a transaction of {@code transactions} was open on its thread. */
public final class RecordingEmbedder implements TextEmbedder {
    /** One entry a call: whether a transaction was open. */
    public final List<Boolean> calls = new CopyOnWriteArrayList<>();
    private final TextEmbedder inner;
    private final OpenTransactions transactions;

    public RecordingEmbedder(TextEmbedder inner, OpenTransactions transactions) {
        this.inner = inner;
        this.transactions = transactions;
    }

    @Override
    public String model() {
        return inner.model();
    }

    @Override
    public int dimensions() {
        return inner.dimensions();
    }

    @Override
    public Embedding embed(String text) {
        calls.add(transactions.open());
        return inner.embed(text);
    }
}
