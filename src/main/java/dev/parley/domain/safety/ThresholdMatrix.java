package dev.parley.domain.safety;

import static dev.parley.domain.safety.MatrixAction.ALLOW;
import static dev.parley.domain.safety.MatrixAction.BATCH;
import static dev.parley.domain.safety.MatrixAction.BLOCK;
import static dev.parley.domain.safety.MatrixAction.DELAY;
import static dev.parley.domain.safety.MatrixAction.ESCALATE;
import static dev.parley.domain.safety.MatrixAction.MONITOR;
import static dev.parley.domain.safety.MatrixAction.REWRITE;
import static dev.parley.domain.safety.MatrixAction.SILENCE;
import static dev.parley.domain.safety.MatrixAction.SUMMARIZE;

import dev.parley.domain.message.Direction;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The seed's threshold matrix, row by row (columns: low, medium, high, critical). */
public final class ThresholdMatrix {
    private static final Map<RiskCategory, List<MatrixAction>> ROWS = new EnumMap<>(Map.of(
            RiskCategory.EMOTIONAL_MANIPULATION, List.of(MONITOR, REWRITE, BLOCK, ESCALATE),
            RiskCategory.URGENCY_ABUSE, List.of(ALLOW, DELAY, BLOCK, BLOCK),
            RiskCategory.HARASSMENT, List.of(MONITOR, SUMMARIZE, BLOCK, ESCALATE),
            RiskCategory.FINANCIAL_SCAM, List.of(MONITOR, BLOCK, BLOCK, ESCALATE),
            RiskCategory.SELF_HARM_TRIGGERS, List.of(ESCALATE, ESCALATE, ESCALATE, ESCALATE),
            RiskCategory.SPAM_ESCALATION, List.of(ALLOW, BATCH, SILENCE, BLOCK),
            RiskCategory.INFORMATION_OVERLOAD, List.of(ALLOW, BATCH, DELAY, SILENCE)));

    private ThresholdMatrix() {
    }

    /** The cell for {@code category} at {@code level}; NONE (not raised) is ALLOW. */
    public static MatrixAction cell(RiskCategory category, RiskLevel level) {
        return level == RiskLevel.NONE ? ALLOW : ROWS.get(category).get(level.ordinal() - 1);
    }

    /**
     * The decision of the cell for {@code category} at {@code level} in {@code direction} ({@link MatrixAction}), with
     * one exception: an outbound message whose harassment reaches Summarize is denied, not rewritten (issue 35). A
     * summary is for a reader of what someone else wrote; what is left of one's own insult or threat once its words
     * are cut is still aimed at the recipient (the seed's promise: no harmful content sent by users).
     */
    public static SafetyDecision decision(RiskCategory category, RiskLevel level, Direction direction) {
        MatrixAction cell = cell(category, level);
        if (direction == Direction.OUT && category == RiskCategory.HARASSMENT && cell == SUMMARIZE) {
            return SafetyDecision.HARD_DENY;
        }
        return cell.decision(direction);
    }
}
