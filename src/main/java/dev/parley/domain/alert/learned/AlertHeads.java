package dev.parley.domain.alert.learned;

import dev.parley.domain.embedding.Embedding;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The learned detector: one head per category on the vectors of one embedding model. Immutable and thread-safe;
 * a change of thresholds makes a new instance.
 */
public record AlertHeads(String embeddingModel, int dimensions, List<AlertHead> heads) {

    public AlertHeads {
        Objects.requireNonNull(embeddingModel, "embeddingModel");
        heads = List.copyOf(heads);
        var seen = new HashSet<String>();
        for (var head : heads) {
            if (!seen.add(head.category())) throw new IllegalArgumentException("two heads for " + head.category());
            if (head.weights().length != dimensions) {
                throw new IllegalArgumentException(head.category() + " has " + head.weights().length
                        + " weights, the model " + dimensions + " dimensions");
            }
        }
    }

    /** Every head's score for {@code embedding}, in head order. */
    public List<HeadScore> score(Embedding embedding) {
        if (!embedding.model().equals(embeddingModel)) {
            throw new IllegalArgumentException("heads trained on " + embeddingModel + " cannot score a vector of "
                    + embedding.model());
        }
        var scores = new ArrayList<HeadScore>(heads.size());
        for (var head : heads) scores.add(new HeadScore(head.category(), head.score(embedding), head.thresholds()));
        return scores;
    }

    public Optional<AlertHead> head(String category) {
        return heads.stream().filter(h -> h.category().equals(category)).findFirst();
    }

    /** The same heads with some thresholds replaced (category → thresholds); unknown categories are refused. */
    public AlertHeads withThresholds(Map<String, HeadThresholds> chosen) {
        for (var category : chosen.keySet()) {
            if (head(category).isEmpty()) throw new IllegalArgumentException("no head for category '" + category + "'");
        }
        return new AlertHeads(embeddingModel, dimensions, heads.stream()
                .map(h -> chosen.containsKey(h.category()) ? h.withThresholds(chosen.get(h.category())) : h)
                .toList());
    }
}
