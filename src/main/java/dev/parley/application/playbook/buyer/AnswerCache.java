package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.ConversationReads;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.QuestionSimilarity;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.Field;
import java.util.Optional;

/**
 * Re-escalation prevention (seed 003 §3c), before a question goes to a person:
 * <ol>
 *   <li>the question maps to a field key ({@code auto_map_question_to_field_key}): the conversation's
 *       {@code known_answers}, then answers the team gave for that field of this property;</li>
 *   <li>a similar question answered for the same property (this conversation's {@code answered_questions}, then
 *       every buyer's);</li>
 *   <li>a similar question answered across properties: answers the team marked as holding for every property
 *       (a property-specific answer is never given for another property).</li>
 * </ol>
 */
public final class AnswerCache {

    /** A cache hit: the answer text, the layer (1–3) and where it came from. */
    public record Hit(String answer, int layer, String source) {
    }

    private AnswerCache() {
    }

    public static Optional<Hit> lookup(BuyerState state, ConversationReads catalog, long propertyId, String question,
                                       Field mapped) {
        var field = mapped != null ? Optional.of(mapped) : TopicCatalog.autoMapQuestionToFieldKey(question);
        if (field.isPresent()) {
            var known = state.knownAnswers().getOrDefault(propertyId, java.util.Map.of()).get(field.get().key());
            if (known != null) return Optional.of(new Hit(known.value(), 1, "known_answers"));
            for (var learned : catalog.learnedAnswers(propertyId)) {
                if (field.get().key().equals(learned.fieldKey())) {
                    return Optional.of(new Hit(learned.answer(), 1, "learned:" + learned.id()));
                }
            }
        }
        for (var answered : state.answeredQuestions().reversed()) {
            if (answered.propertyId() == propertyId && QuestionSimilarity.same(answered.question(), question)) {
                return Optional.of(new Hit(answered.answer(), 2, "answered_questions"));
            }
        }
        for (var learned : catalog.learnedAnswers(propertyId)) {
            if (QuestionSimilarity.same(learned.question(), question)) {
                return Optional.of(new Hit(learned.answer(), 2, "learned:" + learned.id()));
            }
        }
        for (var learned : catalog.learnedAnswers(null)) {
            if (QuestionSimilarity.same(learned.question(), question)) {
                return Optional.of(new Hit(learned.answer(), 3, "learned:" + learned.id()));
            }
        }
        return Optional.empty();
    }
}
