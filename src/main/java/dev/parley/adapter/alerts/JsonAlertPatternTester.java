package dev.parley.adapter.alerts;

import dev.parley.application.console.AlertPatternTester;
import dev.parley.domain.alert.MatchingMode;
import java.util.List;

/** The console's "test a message" box: the edited {@code opt_out_phrases.json} text, compiled as Parley would. */
public final class JsonAlertPatternTester implements AlertPatternTester {

    @Override
    public List<Match> test(String patternSource, String message) {
        AlertPatternsFile file;
        try {
            file = AlertPatternsFile.parse("edited " + AlertPatternsFile.FILE_NAME, patternSource);
        } catch (AlertPatternsFileException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return file.detector(MatchingMode.PARLEY).detect(message).matches().stream()
                .map(m -> new Match(m.categoryId() + " (" + m.severity() + ")", m.patternId())).toList();
    }
}
