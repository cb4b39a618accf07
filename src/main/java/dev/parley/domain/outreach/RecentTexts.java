package dev.parley.domain.outreach;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What a pure function of a reply's text gave for the texts met most recently (least recently used out). Replies
 * recur: the 100,000-conversation demo's 313,000 inbound messages hold some 900 distinct texts, and rule-based
 * extraction and classification were a sixth of its pipeline's CPU (issue 17), nearly all on texts already seen. The
 * results kept must be immutable (they are handed out again).
 */
final class RecentTexts<V> {
    /** Longer texts are not kept (rare, and a kept text costs its length). */
    private static final int LONGEST = 1_000;
    private final Map<String, V> recent;

    RecentTexts(int size) {
        this.recent = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > size;
            }
        });
    }

    /** {@code of(text)}, remembered; null and long texts are computed every time. */
    V get(String text, Function<String, V> of) {
        if (text == null || text.length() > LONGEST) return of.apply(text);
        var known = recent.get(text);
        if (known != null) return known;
        var value = of.apply(text);
        recent.put(text, value);
        return value;
    }
}
