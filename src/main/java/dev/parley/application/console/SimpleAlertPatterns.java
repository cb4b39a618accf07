package dev.parley.application.console;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stand-in {@link AlertPatternTester} until the outreach alert detector lands: one pattern a line,
 * {@code category: regex} (RE2 syntax, case-insensitive); blank lines and lines starting with # are skipped.
 */
public final class SimpleAlertPatterns implements AlertPatternTester {

    @Override
    public List<Match> test(String patternSource, String message) {
        var matches = new ArrayList<Match>();
        if (patternSource == null || message == null) return matches;
        var lines = patternSource.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            var line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            int colon = line.indexOf(':');
            if (colon <= 0) throw new IllegalArgumentException("line " + (i + 1) + ": expected 'category: regex'");
            var category = line.substring(0, colon).strip();
            Pattern pattern;
            try {
                pattern = Pattern.compile(line.substring(colon + 1).strip(), Pattern.CASE_INSENSITIVE);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getDescription());
            }
            if (pattern.matcher(message).find()) {
                matches.add(new Match(category, category + "#" + (i + 1)));
            }
        }
        return matches;
    }
}
