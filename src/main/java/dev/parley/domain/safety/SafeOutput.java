package dev.parley.domain.safety;

import java.util.Objects;

/**
 * The standard JSON's {@code safe_output}: what may be shown or sent instead of the original.
 *
 * @param messagePrimary  the user-facing text: the original when it passes, else the safe summary (inbound) or the
 *                        soft rewrite (outbound), or a notice when nothing of it may be shown
 * @param urgencyLevel    the highest category level, NONE shown as {@code low}
 * @param sourceHidden    the source, anonymised (a short hash of the sender, never the sender)
 * @param suggestedAction what the user might do next
 * @param emotionalTone   the tone of {@code messagePrimary}
 */
public record SafeOutput(String messagePrimary, RiskLevel urgencyLevel, String sourceHidden, String suggestedAction,
                         EmotionalTone emotionalTone) {
    public SafeOutput {
        Objects.requireNonNull(messagePrimary, "messagePrimary");
        Objects.requireNonNull(urgencyLevel, "urgencyLevel");
        Objects.requireNonNull(sourceHidden, "sourceHidden");
        Objects.requireNonNull(suggestedAction, "suggestedAction");
        Objects.requireNonNull(emotionalTone, "emotionalTone");
    }

    /** {@code urgency_level}'s word: the seed's scale has no "none", so NONE is {@code low}. */
    public String urgencyWire() {
        return urgencyLevel == RiskLevel.NONE ? RiskLevel.LOW.wire() : urgencyLevel.wire();
    }
}
