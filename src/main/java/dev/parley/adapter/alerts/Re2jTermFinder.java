package dev.parley.adapter.alerts;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.WordBoundary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds a real regular expression with RE2/J (linear time, no backtracking). A compiled RE2/J
 * pattern is immutable; each call gets its own matcher, so this is thread-safe.
 */
final class Re2jTermFinder implements TermFinder {
    private final Pattern pattern;
    private final boolean wordBoundaries;

    Re2jTermFinder(Pattern pattern, boolean wordBoundaries) {
        this.pattern = pattern;
        this.wordBoundaries = wordBoundaries;
    }

    @Override
    public List<TermHit> find(String text) {
        List<TermHit> hits = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        int from = 0;
        while (from <= text.length() && matcher.find(from)) {
            int start = matcher.start();
            int end = matcher.end();
            if (end > start && (!wordBoundaries || WordBoundary.surrounds(text, start, end))) {
                hits.add(new TermHit(text.substring(start, end).toLowerCase(Locale.ROOT), start, end));
                from = end;
            } else {
                // Not on a boundary ("die" in "diet"): look again one character later.
                from = start + 1;
            }
        }
        return hits;
    }

    @Override
    public Set<String> literalTerms() {
        return Set.of();
    }
}
