package dev.parley.application.playbook.outreach;

import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.alert.AiSafetyFlag;
import dev.parley.domain.alert.AlertMatch;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.CriticalAlertDetector;
import dev.parley.domain.alert.learned.HeadScore;
import dev.parley.domain.alert.learned.Tier;
import dev.parley.domain.embedding.Embedding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Seed 000 §3.1: a message is critical on a pattern match, a learned head at or above its critical threshold, or
 * an AI safety flag (patterns OR model: neither vetoes the other); a head at or above its review threshold only
 * (and nothing critical) is the seed's "ambiguous situation requiring manual intervention"; a high-value discovery
 * only notifies. Runs before intent classification. The verdict says why: each pattern with the words that matched,
 * each alerting head's score and thresholds, and the pattern words a context rule set aside as a benign idiom, so
 * an operator sees the model's score beside them.
 */
public final class SafetyScreen {

    /**
     * What the screen found. {@code source} names what fired, joined by {@code +}: {@code pattern}, {@code model},
     * {@code ai}. {@code reasons} is the why, ready to store as JSON (never the message text, only pattern words).
     */
    public record Verdict(boolean critical, List<String> criticalCategories, List<String> criticalPatterns,
                          String source, boolean highValue, List<String> highValueCategories,
                          List<String> highValuePatterns, boolean review, List<String> reviewCategories,
                          List<String> reviewPatterns, Map<String, Object> reasons) {

        /** What the review tier's alert is tagged with: the heads that reached review, by {@code model}. */
        public String reviewSource() {
            return "model";
        }

        /** Critical on the learned heads' word alone: no pattern matched and the configured model did not flag it. */
        public boolean criticalByModelOnly() {
            return critical && source.equals("model");
        }
    }

    private final Supplier<CriticalAlertDetector> detector;
    private final AiSafetyFlag aiFlag;
    private final LearnedAlerts learned;

    /**
     * @param detector the current detector (a supplier, so edited patterns apply without restart)
     * @param learned  the learned heads in use, or {@link LearnedAlerts#off} for patterns only
     */
    public SafetyScreen(Supplier<CriticalAlertDetector> detector, AiSafetyFlag aiFlag, LearnedAlerts learned) {
        this.detector = detector;
        this.aiFlag = aiFlag;
        this.learned = learned;
    }

    /** Screens {@code text}, embedding it on the spot (evaluations, the console's test box). */
    public Verdict screen(String text) {
        return screen(text, aiFlag);
    }

    /** As {@link #screen(String)} with another AI flag (the model gateway, bound to the conversation). */
    public Verdict screen(String text, AiSafetyFlag aiFlag) {
        return screen(text, aiFlag, () -> learned.embedder().embed(text));
    }

    /** Screens {@code text}; {@code embedding} is asked for only when learned heads are in use (once). */
    public Verdict screen(String text, Supplier<Embedding> embedding) {
        return screen(text, aiFlag, embedding);
    }

    /** Screens {@code text} with {@code aiFlag}; {@code embedding} is asked for only when heads are in use. */
    public Verdict screen(String text, AiSafetyFlag aiFlag, Supplier<Embedding> embedding) {
        var findings = detector.get().detect(text);
        var critical = new ArrayList<AlertMatch>();
        var highValue = new ArrayList<AlertMatch>();
        for (var match : findings.matches()) {
            (match.severity() == AlertSeverity.CRITICAL ? critical : highValue).add(match);
        }
        var categories = new LinkedHashSet<>(critical.stream().map(AlertMatch::categoryId).toList());
        var patterns = new ArrayList<>(critical.stream().map(AlertMatch::patternId).distinct().toList());
        var sources = new ArrayList<String>();
        if (!critical.isEmpty()) sources.add("pattern");
        var reasons = new LinkedHashMap<String, Object>();
        if (!findings.matches().isEmpty()) {
            reasons.put("patterns", findings.matches().stream().map(m -> Map.of("pattern", m.patternId(),
                    "category", m.categoryId(), "severity", m.severity().name(), "words", m.terms())).toList());
        }
        if (!findings.suppressed().isEmpty()) {
            reasons.put("benign_idioms", findings.suppressed().stream().map(s -> Map.of("pattern", s.patternId(),
                    "category", s.categoryId(), "word", s.term(), "reason", s.reason())).toList());
        }
        var reviewCategories = new ArrayList<String>();
        var reviewPatterns = new ArrayList<String>();
        var heads = learned.heads();
        if (heads.isPresent()) {
            var scores = heads.get().score(embedding.get()).stream()
                    .filter(s -> heads.get().head(s.category()).orElseThrow().raisesAlerts()).toList();
            reasons.put("model", scores.stream().map(SafetyScreen::reason).toList());
            boolean modelCritical = false;
            for (var score : scores) {
                if (score.tier() == Tier.CRITICAL) {
                    categories.add(score.category());
                    patterns.add("model:" + score.category());
                    modelCritical = true;
                } else if (score.tier() == Tier.REVIEW) {
                    reviewCategories.add(score.category());
                    reviewPatterns.add("model:" + score.category());
                }
            }
            if (modelCritical) sources.add("model");
        }
        var flag = aiFlag.flag(text);
        flag.ifPresent(label -> {
            categories.add("ai_safety");
            patterns.add("ai:" + label);
            sources.add("ai");
            reasons.put("ai", label);
        });
        boolean isCritical = !categories.isEmpty();
        return new Verdict(isCritical, List.copyOf(categories), List.copyOf(patterns), String.join("+", sources),
                !highValue.isEmpty(), highValue.stream().map(AlertMatch::categoryId).distinct().toList(),
                highValue.stream().map(AlertMatch::patternId).distinct().toList(),
                !isCritical && !reviewCategories.isEmpty(), List.copyOf(reviewCategories), List.copyOf(reviewPatterns),
                java.util.Collections.unmodifiableMap(reasons));
    }

    /** The stored vector of message {@code messageId}, computed from {@code text} and stored when missing. */
    public Embedding storedEmbedding(ConversationSession session, long messageId, String text) {
        return new MessageEmbeddings(learned.embedder()).of(session, messageId, text);
    }

    private static Map<String, Object> reason(HeadScore score) {
        var out = new LinkedHashMap<String, Object>();
        out.put("category", score.category());
        out.put("score", Math.round(score.score() * 10_000) / 10_000.0);
        out.put("critical", Math.round(score.thresholds().critical() * 10_000) / 10_000.0);
        out.put("review", Math.round(score.thresholds().review() * 10_000) / 10_000.0);
        out.put("tier", score.tier().name());
        return out;
    }
}
