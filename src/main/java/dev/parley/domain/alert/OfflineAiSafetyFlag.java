package dev.parley.domain.alert;

import java.util.Optional;

/** The default {@link AiSafetyFlag} when no model is configured: never flags. */
public final class OfflineAiSafetyFlag implements AiSafetyFlag {
    @Override
    public Optional<String> flag(String text) {
        return Optional.empty();
    }
}
