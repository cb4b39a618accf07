package dev.parley.domain.alert.learned;

import java.util.Objects;

/** Heads and how they were made: what the model file holds. */
public record TrainedAlertModel(AlertHeads heads, ModelProvenance provenance) {
    public TrainedAlertModel {
        Objects.requireNonNull(heads, "heads");
        Objects.requireNonNull(provenance, "provenance");
    }
}
