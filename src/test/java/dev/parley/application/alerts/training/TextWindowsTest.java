package dev.parley.application.alerts.training;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextWindowsTest {

    @Test
    void aGluedTitleIsItsOwnWindowAndShortSentencesJoinTheNext() {
        assertThat(TextWindows.of("I'm going to kill myselfI've simply had enough. I'm done. I tried twice before."))
                .containsExactly("I'm going to kill myself", "I've simply had enough.", "I'm done. I tried twice before.");
    }

    @Test
    void aLongSentenceIsCutIntoEvenWindowsOfAtMostFortyWords() {
        var words = new StringBuilder();
        for (int i = 0; i < 90; i++) words.append("word").append(i).append(' ');
        var windows = TextWindows.of(words.toString());
        assertThat(windows).hasSize(3).allSatisfy(w -> assertThat(w.split(" ")).hasSize(30));
    }

    @Test
    void linesAreSentencesAndEmptyTextHasNoWindows() {
        assertThat(TextWindows.of("first line here ok\nsecond line here ok")).containsExactly("first line here ok",
                "second line here ok");
        assertThat(TextWindows.of("  \n ")).isEmpty();
    }
}
