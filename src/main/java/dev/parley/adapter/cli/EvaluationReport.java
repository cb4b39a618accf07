package dev.parley.adapter.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The one JSON object {@code eval alerts} prints. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record EvaluationReport(
        String dataset,
        String data,
        String patterns,
        String modelFile,
        long total,
        long benign,
        Long hostile,
        Long offensive,
        Long spam,
        ModeFigures seedRaw,
        ModeFigures parley,
        ModeFigures model,
        ModeFigures combined,
        ModeFigures review,
        int seedPhrasesTriggered,
        int seedPhrasesTotal,
        List<String> seedPhrasesMissed) {
}
