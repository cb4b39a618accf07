package dev.parley.domain.memo;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The answers of a pure function of a text for the texts met most recently: at most {@code capacity} of them, least
 * recently used out, in memory only (never logged or stored). A text longer than {@code longest} characters is answered
 * afresh every time: rare, and a kept text costs its length. Thread-safe. The answers must be immutable, since one
 * serves every caller that asks for that text. Used where the same texts recur (a playbook's templates screened again
 * and again; issue 17's demo).
 */
public final class RecentAnswers<V> {
    private final int longest;
    private final Function<String, V> answer;
    private final Map<String, V> recent;

    public RecentAnswers(int capacity, int longest, Function<String, V> answer) {
        if (capacity < 1 || longest < 0) throw new IllegalArgumentException("capacity and longest must be positive");
        this.longest = longest;
        this.answer = answer;
        this.recent = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > capacity;
            }
        });
    }

    /** The answer for {@code text}: remembered, or computed (and remembered when short enough and not null). */
    public V of(String text) {
        if (text == null || text.length() > longest) return answer.apply(text);
        var known = recent.get(text);
        if (known != null) return known;
        var computed = answer.apply(text);
        if (computed != null) recent.put(text, computed);
        return computed;
    }

    /** How many texts are remembered now. */
    public int size() {
        return recent.size();
    }
}
