package dev.parley.domain.chimein.context;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The strategies by name, with their settings ({@code chimein.lookback}, {@code chimein.time_threshold}) and the
 * default strategy's fitted weights.
 */
public final class ContextStrategies {
    /** Names in the order {@code all} runs them. */
    public static final List<String> NAMES = List.of(LastFiveStrategy.NAME, SeedTimeGapStrategy.NAME,
            DefaultContextStrategy.NAME);

    private ContextStrategies() {
    }

    public static Optional<ContextStrategy> named(String name, int lookback, Duration timeThreshold,
                                                  ContextWeights weights) {
        return switch (name) {
            case LastFiveStrategy.NAME -> Optional.of(new LastFiveStrategy());
            case SeedTimeGapStrategy.NAME -> Optional.of(new SeedTimeGapStrategy(timeThreshold));
            case DefaultContextStrategy.NAME -> Optional.of(new DefaultContextStrategy(lookback, weights));
            default -> Optional.empty();
        };
    }
}
