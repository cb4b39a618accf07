package dev.parley.domain.chimein.context;

import java.util.Objects;

/**
 * The fitted numbers of the default strategy: the parent score when the mention addresses people who spoke in the
 * window ({@code addressed}) and when it addresses nobody there ({@code unaddressed}: a call to the bot), and the
 * thread model that grows a selection. Rebuilt from the irc-disentanglement dev logs by {@code parley train context};
 * shipped as {@code context_weights.json}.
 */
public record ContextWeights(ParentModel addressed, ParentModel unaddressed, ThreadModel thread) {

    public ContextWeights {
        Objects.requireNonNull(addressed, "addressed");
        Objects.requireNonNull(unaddressed, "unaddressed");
        Objects.requireNonNull(thread, "thread");
    }
}
