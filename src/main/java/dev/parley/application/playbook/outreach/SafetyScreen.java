package dev.parley.application.playbook.outreach;

import dev.parley.domain.alert.AiSafetyFlag;
import dev.parley.domain.alert.AlertMatch;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.CriticalAlertDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Seed 000 §3.1: a message is critical on a pattern match or an AI safety flag; a high-value discovery only
 * notifies. Runs before intent classification.
 */
public final class SafetyScreen {

    /** What the screen found; {@code source} is {@code pattern}, {@code ai} or {@code pattern+ai}. */
    public record Verdict(boolean critical, List<String> criticalCategories, List<String> criticalPatterns,
                          String source, boolean highValue, List<String> highValueCategories,
                          List<String> highValuePatterns) {
    }

    private final Supplier<CriticalAlertDetector> detector;
    private final AiSafetyFlag aiFlag;

    /** @param detector the current detector (a supplier, so edited patterns apply without restart) */
    public SafetyScreen(Supplier<CriticalAlertDetector> detector, AiSafetyFlag aiFlag) {
        this.detector = detector;
        this.aiFlag = aiFlag;
    }

    public Verdict screen(String text) {
        return screen(text, aiFlag);
    }

    /** As {@link #screen(String)} with another AI flag (the model gateway, bound to the conversation). */
    public Verdict screen(String text, AiSafetyFlag aiFlag) {
        var findings = detector.get().detect(text);
        var critical = new ArrayList<AlertMatch>();
        var highValue = new ArrayList<AlertMatch>();
        for (var match : findings.matches()) {
            (match.severity() == AlertSeverity.CRITICAL ? critical : highValue).add(match);
        }
        var categories = new ArrayList<>(critical.stream().map(AlertMatch::categoryId).distinct().toList());
        var patterns = new ArrayList<>(critical.stream().map(AlertMatch::patternId).distinct().toList());
        var flag = aiFlag.flag(text);
        flag.ifPresent(label -> {
            categories.add("ai_safety");
            patterns.add("ai:" + label);
        });
        var source = critical.isEmpty() ? "ai" : flag.isPresent() ? "pattern+ai" : "pattern";
        return new Verdict(!categories.isEmpty(), List.copyOf(categories), List.copyOf(patterns), source,
                !highValue.isEmpty(), highValue.stream().map(AlertMatch::categoryId).distinct().toList(),
                highValue.stream().map(AlertMatch::patternId).distinct().toList());
    }
}
