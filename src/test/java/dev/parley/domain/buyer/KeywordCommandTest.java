package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The keyword handler's reading, on normalised text (trim, case, punctuation). */
class KeywordCommandTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"STOP", "stop", " Stop. ", "STOPALL", "STOP ALL", "stop all!", "UNSUBSCRIBE", "Cancel",
            "END", "quit", "REVOKE", "OPTOUT", "opt out", "Opt-out", "stop texting me", "Please stop"})
    void optOut(String text) {
        assertThat(KeywordCommand.of(text, false)).isEqualTo(KeywordCommand.OPT_OUT);
        assertThat(KeywordCommand.of(text, true)).isEqualTo(KeywordCommand.OPT_OUT);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"HELP", "help?", "Info", "INFO."})
    void help(String text) {
        assertThat(KeywordCommand.of(text, false)).isEqualTo(KeywordCommand.HELP);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"START", "yes", "Yes!", "UNSTOP"})
    void resumeOnlyAnOptedOutBuyer(String text) {
        assertThat(KeywordCommand.of(text, true)).isEqualTo(KeywordCommand.RESUME);
        assertThat(KeywordCommand.of(text, false)).isEqualTo(KeywordCommand.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"don't stop searching", "stop by Thursday?", "What about the end unit?",
            "Can I cancel the tour?", "help me find 5000 sqft", "yes please"})
    void wordsInsideASentenceAreNoKeyword(String text) {
        assertThat(KeywordCommand.of(text, false)).isEqualTo(KeywordCommand.NONE);
    }

    @Test
    void normalisation() {
        assertThat(KeywordCommand.normalise("  STOP   ALL!! ")).isEqualTo("stop all");
        assertThat(KeywordCommand.normalise("Don’t")).isEqualTo("dont");
    }
}
