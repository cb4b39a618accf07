package dev.parley.domain.safety;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a learned head's score becomes a category level of seed 002's threshold matrix (ADR 0019). Each head feeds one
 * category; the level depends on which of the head's own two thresholds the score reached:
 * <pre>
 * head            category             review (≤2% false alarms)  critical (≤1% false alarms)
 * self_harm       self_harm_triggers   –                          HIGH   (Escalate / deny)
 * threats         harassment           LOW    (Monitor: recorded) MEDIUM (Summarize / rewrite)
 * harassment      harassment           LOW    (Monitor: recorded) MEDIUM (Summarize / rewrite)
 * financial_scam  financial_scam       LOW    (Monitor: recorded) LOW    (Monitor: recorded)
 * </pre>
 * Every self-harm cell escalates, so that head counts only at its critical threshold; the review tiers only record:
 * on ordinary text a review-tier hit is a false alarm too often to act on (docs/safety-evaluation.md). The
 * financial-scam row blocks from MEDIUM, and at its critical threshold the head would silence ordinary SMS ("Send me
 * the new number"): it is recorded, shown to operators, and
 * never decides alone (ADR 0019). A head the table does not name is not a validator signal.
 */
public final class HeadLevels {
    /** One head's score with its two thresholds, as the adapter read it. */
    public record HeadReading(String head, double score, double critical, double review) {
    }

    private record Levels(RiskCategory category, RiskLevel review, RiskLevel critical) {
    }

    private static final Map<String, Levels> TABLE = Map.of(
            "self_harm", new Levels(RiskCategory.SELF_HARM_TRIGGERS, RiskLevel.NONE, RiskLevel.HIGH),
            "threats", new Levels(RiskCategory.HARASSMENT, RiskLevel.LOW, RiskLevel.MEDIUM),
            "harassment", new Levels(RiskCategory.HARASSMENT, RiskLevel.LOW, RiskLevel.MEDIUM),
            "financial_scam", new Levels(RiskCategory.FINANCIAL_SCAM, RiskLevel.LOW, RiskLevel.LOW));

    private HeadLevels() {
    }

    /** The category {@code head} feeds, or null when it is not a validator signal. */
    public static RiskCategory categoryOf(String head) {
        Levels l = TABLE.get(head);
        return l == null ? null : l.category();
    }

    /** The signals of {@code readings}: one per head whose score reached a threshold that gives a level. */
    public static ModelSignals of(List<HeadReading> readings) {
        List<ModelSignal> out = new ArrayList<>();
        for (HeadReading r : readings) {
            Levels l = TABLE.get(r.head());
            if (l == null) continue;
            if (r.score() >= r.critical() && l.critical() != RiskLevel.NONE) {
                out.add(new ModelSignal(l.category(), r.head(), r.score(), "critical", r.critical(), l.critical()));
            } else if (r.score() >= r.review() && l.review() != RiskLevel.NONE) {
                out.add(new ModelSignal(l.category(), r.head(), r.score(), "review", r.review(), l.review()));
            }
        }
        return out.isEmpty() ? ModelSignals.NONE : new ModelSignals(out);
    }
}
