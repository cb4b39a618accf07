package dev.parley.application.embedding;

import dev.parley.domain.embedding.Embedding;
import java.util.List;

/**
 * Port: turns text into a sentence embedding, in process and offline. Implementations are thread-safe and
 * deterministic (the same text and model give the same vector).
 */
public interface TextEmbedder {

    /** Names the model (and its version); stored beside every vector so vectors of another model are not mixed. */
    String model();

    int dimensions();

    Embedding embed(String text);

    default List<Embedding> embedAll(List<String> texts) {
        return texts.stream().map(this::embed).toList();
    }
}
