package dev.parley.domain.memo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Remembers the answers of recent short texts, least recently used out; long texts are answered every time. */
class RecentAnswersTest {
    final List<String> asked = new ArrayList<>();
    final RecentAnswers<Integer> lengths = new RecentAnswers<>(2, 5, text -> {
        asked.add(text);
        return text == null ? -1 : text.length();
    });

    @Test
    void aRecentTextIsAnsweredFromMemory() {
        assertThat(lengths.of("abc")).isEqualTo(3);
        assertThat(lengths.of("abc")).isEqualTo(3);
        assertThat(asked).containsExactly("abc");
    }

    @Test
    void theLeastRecentlyUsedTextGoesFirst() {
        lengths.of("a");
        lengths.of("bb");
        lengths.of("a");
        lengths.of("ccc");
        assertThat(lengths.size()).isEqualTo(2);
        lengths.of("a");
        lengths.of("bb");
        assertThat(asked).containsExactly("a", "bb", "ccc", "bb");
    }

    @Test
    void aLongTextOrNullIsAnsweredEveryTimeAndNotKept() {
        lengths.of("longer text");
        lengths.of("longer text");
        lengths.of(null);
        assertThat(asked).containsExactly("longer text", "longer text", null);
        assertThat(lengths.size()).isZero();
    }
}
