package dev.parley.domain.assistant;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Seed 001 step 4: what to recall from the conversation: keywords and an optional time range. */
public record RecallParams(List<String> keywords, Optional<Instant> from, Optional<Instant> to) {

    public RecallParams {
        keywords = keywords.stream().map(String::strip).filter(k -> !k.isEmpty()).distinct().toList();
    }

    public static RecallParams none() {
        return new RecallParams(List.of(), Optional.empty(), Optional.empty());
    }

    public boolean hasKeywords() {
        return !keywords.isEmpty();
    }
}
