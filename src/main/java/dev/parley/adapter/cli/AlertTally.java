package dev.parley.adapter.cli;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Counts one way of screening's findings per gold label while an evaluation file streams past. */
final class AlertTally {
    private final Map<MessageLabel, Long> flagged = new EnumMap<>(MessageLabel.class);
    private final Map<String, Map<String, Long>> perCategory = new TreeMap<>();
    private final Map<String, Long> benignByPattern = new TreeMap<>();
    private long benignHighValue;

    void add(LabelledMessage message, Screened screened) {
        String label = message.label().name().toLowerCase(Locale.ROOT);
        for (String category : screened.categories()) {
            perCategory.computeIfAbsent(category, c -> new TreeMap<>()).merge(label, 1L, Long::sum);
        }
        if (screened.alert()) {
            flagged.merge(message.label(), 1L, Long::sum);
            if (message.label() == MessageLabel.BENIGN) {
                screened.alertIds().forEach(id -> benignByPattern.merge(id, 1L, Long::sum));
            }
        }
        if (screened.highValue() && message.label() == MessageLabel.BENIGN) {
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
