package dev.parley.adapter.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * Figures for one matching mode over one evaluation file. "Flagged" means a CRITICAL alert (what
 * stops automation); high-value notifications are counted apart. Fields a format has no label for
 * are null and left out of the JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record ModeFigures(
        long benignFlagged,
        double falseAlarmRate,
        Long hostileFlagged,
        Double recall,
        Long offensiveFlagged,
        Double offensiveFlagRate,
        Long spamFlagged,
        long benignHighValue,
        Map<String, Map<String, Long>> perCategory,
        Map<String, Long> benignFlaggedByPattern) {
}
