package dev.parley.domain.safety;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link ContentModel} found in one message: the heads that raised a category (possibly none).
 */
public record ModelSignals(List<ModelSignal> signals) {
    /** Nothing raised. */
    public static final ModelSignals NONE = new ModelSignals(List.of());

    public ModelSignals {
        signals = List.copyOf(Objects.requireNonNull(signals, "signals"));
    }

    /** The strongest signal for {@code category} (the highest level, then the earlier head). */
    public Optional<ModelSignal> strongest(RiskCategory category) {
        ModelSignal best = null;
        for (ModelSignal s : signals) {
            if (s.category() == category && (best == null || s.level().compareTo(best.level()) > 0)) best = s;
        }
        return Optional.ofNullable(best);
    }
}
