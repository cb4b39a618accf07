package dev.parley.application.playbook.outreach;

import dev.parley.application.JsonDocuments;
import dev.parley.domain.memo.RecentAnswers;
import dev.parley.domain.outreach.Extraction;
import java.util.Map;
import java.util.Optional;

/**
 * The extraction stored in a message's data document ({@code {"extraction": …}}), when it holds a readable one. A
 * pure function of the document; and every follow-up plan reads every earlier reply's document again (issue 17's
 * demo profile, docs/benchmarks.md "parley demo"), so the answers for the last {@value #REMEMBERED} documents are
 * remembered, in memory only, least recently used out. The values are immutable ({@link Extraction} copies its lists).
 */
final class StoredExtractions {
    static final int REMEMBERED = 4_096;
    /** Longer documents are parsed every time (rare, and a kept document costs its length). */
    static final int REMEMBERED_LENGTH = 4_000;

    private final RecentAnswers<Optional<Extraction>> recent = new RecentAnswers<>(REMEMBERED, REMEMBERED_LENGTH,
            StoredExtractions::parse);

    /** The extraction in {@code dataJson}, remembered; empty when there is none or it is unreadable. */
    Optional<Extraction> of(String dataJson) {
        return recent.of(dataJson);
    }

    /** {@link #of} without the memo. */
    static Optional<Extraction> parse(String dataJson) {
        var stored = JsonDocuments.read(dataJson).get("extraction");
        if (stored instanceof Map<?, ?> map) {
            try {
                return Optional.of(ExtractionJson.fromMap(map));
            } catch (IllegalArgumentException unreadable) {
                // stored by an older version in another shape: extract again
            }
        }
        return Optional.empty();
    }
}
