package dev.parley.domain.outreach;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RuleBasedIntentClassifierTest {

    private final IntentClassifier classifier = RuleBasedIntentClassifier.standard();

    @ParameterizedTest(name = "{0} <- {1}")
    @CsvSource(delimiter = '|', textBlock = """
            STOP       | STOP
            STOP       | Please stop messaging me.
            STOP       | Unsubscribe
            STOP       | Remove me from your list.
            STOP       | Don’t contact me again.
            STOP       | Do not contact me. I don't know who you are.
            STOP       | My grandmother was born in 1901 but please don't message me again.
            NOT_INTERESTED | Not interested, thanks.
            NOT_INTERESTED | No thanks.
            NOT_INTERESTED | Thanks for reaching out! Not really into genealogy, sorry.
            NOT_INTERESTED | Thanks for reaching out, but I'm not really into family history. Best of luck with your research!
            NOT_INTERESTED | I'd rather not share family information with strangers.
            NOT_INTERESTED | I'll pass, but all the best.
            NEGATIVE   | Leave me alone.
            NEGATIVE   | This is a waste of my time, go away.
            NEGATIVE   | No thanks, and leave me alone.
            PRODUCTIVE | Yes, happy to help!
            PRODUCTIVE | My grandmother Mary O'Brien was born in Cork in 1890.
            PRODUCTIVE | Hi! We match on my mother's side I think. How are we related?
            PRODUCTIVE | Thanks for your message. I have the family bible somewhere, let me look.
            PRODUCTIVE | Sure, what would you like to know?
            PRODUCTIVE | I'm interested, I've been building my tree for years.
            POLITE     | Thank you for reaching out.
            POLITE     | Thanks, good luck with your research!
            POLITE     | Kind regards
            NEUTRAL    | ok
            NEUTRAL    | Noted.
            NEUTRAL    | Got it
            UNCLEAR    | No thanks. But my grandmother was born in Galway in 1920.
            UNCLEAR    | Not interested in DNA stuff but my grandfather was a McDonald.
            UNCLEAR    | asdf qwerty
            UNCLEAR    | I'm not sure who you are.
            UNCLEAR    | 👍
            """)
    void classifies(Intent expected, String reply) {
        assertThat(classifier.classify(reply).intent()).isEqualTo(expected);
    }

    @Test
    void explainsTheVerdict() {
        assertThat(classifier.classify("Unsubscribe").reason()).isEqualTo("matched STOP 'unsubscribe'");
        assertThat(classifier.classify("No thanks, but my grandmother might know").reason())
                .isEqualTo("conflicting cues: NOT_INTERESTED 'no thanks' and PRODUCTIVE 'my <relative>'");
        assertThat(classifier.classify("Thanks for reaching out, but I'm not really into family history. Best of "
                + "luck with your research!").reason()).isEqualTo("matched NOT_INTERESTED 'not really into'");
        assertThat(classifier.classify("   ").reason()).isEqualTo("empty reply");
        assertThat(classifier.classify(null).intent()).isEqualTo(Intent.UNCLEAR);
    }

    @Test
    void earlierIntentHidesTextFromLaterOnes() {
        // "no thanks" must not also count as POLITE "thanks", "not interested" not as PRODUCTIVE "interested".
        assertThat(classifier.classify("no thanks").reason()).isEqualTo("matched NOT_INTERESTED 'no thanks'");
        assertThat(classifier.classify("not interested").intent()).isEqualTo(Intent.NOT_INTERESTED);
    }

    @Test
    void customCuesAreValues() {
        IntentClassifier tiny = new RuleBasedIntentClassifier(List.of(IntentCue.phrase(Intent.STOP, "halt")));
        assertThat(tiny.classify("HALT now").intent()).isEqualTo(Intent.STOP);
        assertThat(tiny.classify("thanks").intent()).isEqualTo(Intent.UNCLEAR);
    }
}
