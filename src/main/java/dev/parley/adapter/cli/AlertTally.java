package dev.parley.adapter.cli;

import dev.parley.domain.alert.AlertFindings;
import dev.parley.domain.alert.AlertMatch;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.CriticalAlertDetector;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Counts one detector's findings per gold label while an evaluation file streams past. */
final class AlertTally {
    private final CriticalAlertDetector detector;
    private final Map<MessageLabel, Long> flagged = new EnumMap<>(MessageLabel.class);
    private final Map<String, Map<String, Long>> perCategory = new TreeMap<>();
    private final Map<String, Long> benignByPattern = new TreeMap<>();
    private long benignHighValue;

    AlertTally(CriticalAlertDetector detector) {
        this.detector = detector;
    }

    void add(LabelledMessage message) {
        AlertFindings findings = detector.detect(message.text());
        String label = message.label().name().toLowerCase(Locale.ROOT);
        for (String category : findings.categories()) {
            perCategory.computeIfAbsent(category, c -> new TreeMap<>()).merge(label, 1L, Long::sum);
        }
        if (findings.isCritical()) {
            flagged.merge(message.label(), 1L, Long::sum);
            if (message.label() == MessageLabel.BENIGN) {
                Set<String> critical = new LinkedHashSet<>();
                findings.matches().stream()
                        .filter(m -> m.severity() == AlertSeverity.CRITICAL)
                        .map(AlertMatch::patternId)
                        .forEach(critical::add);
                critical.forEach(id -> benignByPattern.merge(id, 1L, Long::sum));
            }
        }
        if (findings.isHighValue() && message.label() == MessageLabel.BENIGN) {
            benignHighValue++;
        }
    }

    ModeFigures figures(Map<MessageLabel, Long> totals) {
        return new ModeFigures(
                flagged(MessageLabel.BENIGN),
                rate(flagged(MessageLabel.BENIGN), totals.getOrDefault(MessageLabel.BENIGN, 0L)),
                present(totals, MessageLabel.HOSTILE) ? flagged(MessageLabel.HOSTILE) : null,
                present(totals, MessageLabel.HOSTILE) ? rate(flagged(MessageLabel.HOSTILE), totals.get(MessageLabel.HOSTILE)) : null,
                present(totals, MessageLabel.OFFENSIVE) ? flagged(MessageLabel.OFFENSIVE) : null,
                present(totals, MessageLabel.OFFENSIVE) ? rate(flagged(MessageLabel.OFFENSIVE), totals.get(MessageLabel.OFFENSIVE)) : null,
                present(totals, MessageLabel.SPAM) ? flagged(MessageLabel.SPAM) : null,
                benignHighValue,
                perCategory,
                benignByPattern);
    }

    private long flagged(MessageLabel label) {
        return flagged.getOrDefault(label, 0L);
    }

    private static boolean present(Map<MessageLabel, Long> totals, MessageLabel label) {
        return totals.getOrDefault(label, 0L) > 0;
    }

    private static double rate(long part, long whole) {
        // Six decimals are plenty for a rate and keep the JSON readable.
        return whole == 0 ? 0.0 : Math.round(part * 1_000_000.0 / whole) / 1_000_000.0;
    }
}
