package dev.parley.application.alerts.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingRowsTest {

    @Test
    void aPostIsItsFirst300CharactersItsFirstSentenceAndForSuicideWatchItsCuedSentences() {
        var post = "Tired of everything. I work a job I do not mind. " + "Nothing much happens at the weekend. "
                .repeat(10) + "I have the pills ready and I want to end my life.";
        var rows = TrainingRows.of(List.of(new SourceText(DevSource.POST_SUICIDE, 7, post),
                new SourceText(DevSource.POST_NON_SUICIDE, 8, "Exams next week. Wish me luck, everyone!")));
        var suicide = rows.stream().filter(r -> r.source() == DevSource.POST_SUICIDE).toList();
        assertThat(suicide).extracting(TrainingRow::kind).containsExactly(TrainingRow.Kind.MESSAGE,
                TrainingRow.Kind.FIRST_SENTENCE, TrainingRow.Kind.CUE_WINDOW);
        var beginning = suicide.getFirst().text();
        assertThat(beginning.length()).isLessThanOrEqualTo(ShortText.POST_CHARACTERS).isGreaterThan(250);
        assertThat(post).startsWith(beginning);
        assertThat(beginning).doesNotContain("pills");
        assertThat(suicide.get(1).text()).isEqualTo("Tired of everything. I work a job I do not mind.");
        assertThat(suicide.get(2).text()).contains("pills ready");
        assertThat(suicide).extracting(TrainingRow::group).containsOnly("post_suicide:7");
        assertThat(rows.stream().filter(r -> r.source() == DevSource.POST_NON_SUICIDE)).extracting(TrainingRow::kind)
                .containsExactly(TrainingRow.Kind.MESSAGE, TrainingRow.Kind.FIRST_SENTENCE);
        assertThat(rows).filteredOn(TrainingRow::measured).hasSize(2);
    }

    @Test
    void aLargeSourceIsCutToAFixedSampleTheSameWhateverTheOrder() {
        var texts = new ArrayList<SourceText>();
        for (int i = 0; i < TrainingRows.MAX_PER_SOURCE + 500; i++) {
            texts.add(new SourceText(DevSource.IRC, i, "line " + i));
        }
        texts.add(new SourceText(DevSource.SMS_HAM, 1, "see you at 6"));
        var rows = TrainingRows.of(texts);
        assertThat(rows).filteredOn(r -> r.source() == DevSource.IRC).hasSize(TrainingRows.MAX_PER_SOURCE);
        assertThat(rows).filteredOn(r -> r.source() == DevSource.SMS_HAM).hasSize(1);
        var reversed = new ArrayList<>(texts);
        java.util.Collections.reverse(reversed);
        assertThat(TrainingRows.of(reversed).stream().map(TrainingRow::text).sorted().toList())
                .isEqualTo(rows.stream().map(TrainingRow::text).sorted().toList());
        assertThat(TrainingDigests.rows(TrainingRows.of(texts))).isEqualTo(TrainingDigests.rows(rows));
    }
}
