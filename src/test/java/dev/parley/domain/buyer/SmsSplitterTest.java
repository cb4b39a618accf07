package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Consecutive messages for a text too long for one SMS: sentence ends first, then spaces; nothing dropped. */
class SmsSplitterTest {

    @Test
    void aShortTextIsOneMessage() {
        assertThat(SmsSplitter.split("  Yes, in the fenced yard.  ", 320)).containsExactly("Yes, in the fenced yard.");
    }

    @Test
    void splitsAtSentenceEndsAndKeepsEveryWord() {
        var text = "Update on Commerce Twp — yes, trucks can park overnight in the fenced yard. The gate code comes "
                + "at check-in! Reefers plug into shore power? Cars park by the office.\nWant to schedule a tour?";
        var parts = SmsSplitter.split(text, 80);
        assertThat(parts).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(80));
        assertThat(parts).contains("The gate code comes at check-in! Reefers plug into shore power?");
        assertThat(parts.getLast()).isEqualTo("Cars park by the office. Want to schedule a tour?");
        assertThat(String.join(" ", parts)).isEqualTo(text.replace("\n", " "));
    }

    @Test
    void aSentenceLongerThanTheLimitIsSplitAtSpaces() {
        var sentence = "word ".repeat(30).strip() + ".";
        var parts = SmsSplitter.split("Short one. " + sentence, 40);
        assertThat(parts).allSatisfy(p -> {
            assertThat(p.length()).isLessThanOrEqualTo(40);
            assertThat(p).doesNotStartWith(" ").doesNotEndWith(" ");
        });
        assertThat(String.join(" ", parts)).isEqualTo("Short one. " + sentence);
    }

    @Test
    void aWordLongerThanTheLimitIsCut() {
        var url = "https://example.com/" + "x".repeat(60);
        var parts = SmsSplitter.split("See " + url, 30);
        assertThat(parts).allSatisfy(p -> assertThat(p.length()).isLessThanOrEqualTo(30));
        assertThat(String.join("", parts).replace(" ", "")).isEqualTo("See" + url);
    }

    @Test
    void aTinyLimitIsRefused() {
        assertThatThrownBy(() -> SmsSplitter.split("text", 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
