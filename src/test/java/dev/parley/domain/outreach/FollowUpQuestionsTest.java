package dev.parley.domain.outreach;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class FollowUpQuestionsTest {

    private final GenealogyExtractor extractor = new GenealogyExtractor();
    private final FollowUpQuestions questions = new FollowUpQuestions(2);

    @Test
    void asksForWhatIsMissingInPriorityOrder() {
        FollowUpPlan plan = questions.decide(extractor.extract("We still have the family bible."), Set.of());
        assertThat(plan.moreQuestions()).isTrue();
        assertThat(plan.questions()).containsExactly(
                new FollowUpQuestion(UnknownFact.DOCUMENT_COPY, "follow_up_document_copy",
                        Map.of("document", "family bible")),
                new FollowUpQuestion(UnknownFact.ANCESTOR_NAMES, "follow_up_ancestor_names", Map.of()));
    }

    @Test
    void askedFactsAreNotAskedAgain() {
        FollowUpPlan plan = questions.decide(Extraction.empty(), Set.of(UnknownFact.ANCESTOR_NAMES));
        assertThat(plan.questions()).extracting(FollowUpQuestion::fact)
                .containsExactly(UnknownFact.YEAR, UnknownFact.PLACE);
    }

    @Test
    void onlyTheMissingPlace() {
        FollowUpPlan plan = questions.decide(extractor.extract("Mary O'Brien married John Walsh in 1911."), Set.of());
        assertThat(plan.questions()).extracting(FollowUpQuestion::fact).containsExactly(UnknownFact.PLACE);
    }

    @Test
    void noMoreQuestionsWhenEverythingIsKnown() {
        Extraction known = extractor.extract("Mary O'Brien married John Walsh in Cork in 1911."
                + " I can send you a photo of the marriage certificate.");
        assertThat(questions.decide(known, Set.of()).moreQuestions()).isFalse();
    }

    @Test
    void photoWithoutOfferIsAskedFor() {
        FollowUpPlan plan = new FollowUpQuestions(1).decide(
                extractor.extract("Mary O'Brien lived in Cork in 1911. There's an old portrait of her."), Set.of());
        assertThat(plan.questions()).containsExactly(new FollowUpQuestion(UnknownFact.DOCUMENT_COPY,
                "follow_up_document_copy", Map.of("document", "portrait")));
    }
}
