package dev.parley.domain.outreach;

import java.util.Objects;
import java.util.Optional;

/**
 * What the outreach guards look at when a trigger fires. Each trigger needs only its part: the
 * intent for {@code message_received}, the extraction for {@code data_check} and {@code extract},
 * the plan for {@code decide}, the setting for {@code follow_up_due}. A guard whose part is
 * missing fails, so a mis-wired caller gets a {@code Rejected} rather than a wrong move.
 *
 * @param extractionSucceeded whether the extraction step ran without error
 * @param followUpEnabled     the playbook setting {@code follow_up_before_timeout}
 */
public record OutreachContext(
        Optional<Intent> intent, Optional<Extraction> extraction, boolean extractionSucceeded,
        Optional<FollowUpPlan> followUpPlan, boolean followUpEnabled) {

    public OutreachContext {
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(extraction, "extraction");
        Objects.requireNonNull(followUpPlan, "followUpPlan");
    }

    public static OutreachContext empty() {
        return new OutreachContext(Optional.empty(), Optional.empty(), false, Optional.empty(), false);
    }

    public OutreachContext withIntent(Intent value) {
        return new OutreachContext(Optional.of(value), extraction, extractionSucceeded, followUpPlan, followUpEnabled);
    }

    /** For {@code data_check}: the extraction of the latest reply. */
    public OutreachContext withExtraction(Extraction value) {
        return new OutreachContext(intent, Optional.of(value), extractionSucceeded, followUpPlan, followUpEnabled);
    }

    /** For {@code extract}: whether extraction ran. */
    public OutreachContext withExtractionSucceeded(boolean value) {
        return new OutreachContext(intent, extraction, value, followUpPlan, followUpEnabled);
    }

    /** For {@code decide}. */
    public OutreachContext withFollowUpPlan(FollowUpPlan value) {
        return new OutreachContext(intent, extraction, extractionSucceeded, Optional.of(value), followUpEnabled);
    }

    /** For {@code follow_up_due}. */
    public OutreachContext withFollowUpEnabled(boolean value) {
        return new OutreachContext(intent, extraction, extractionSucceeded, followUpPlan, value);
    }
}
