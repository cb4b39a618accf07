package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether there is more to ask a match (the outreach {@code decide} step) from what is
 * still unknown, in priority order: a copy of a mentioned document or photo (rare and valuable),
 * ancestor names, a year, a place. A fact already asked about is not asked again, so a
 * conversation cannot loop on the same question; at most {@code maxQuestions} per message.
 */
public final class FollowUpQuestions {

    private final int maxQuestions;

    /** @param maxQuestions cap per message (the outreach setting {@code max_follow_up_questions}) */
    public FollowUpQuestions(int maxQuestions) {
        if (maxQuestions < 1) {
            throw new IllegalArgumentException("maxQuestions must be at least 1, got " + maxQuestions);
        }
        this.maxQuestions = maxQuestions;
    }

    /**
     * @param known        everything extracted so far in this conversation (see {@link Extraction#plus})
     * @param alreadyAsked facts asked about in earlier follow-ups
     */
    public FollowUpPlan decide(Extraction known, Set<UnknownFact> alreadyAsked) {
        List<FollowUpQuestion> questions = new ArrayList<>();
        for (UnknownFact fact : UnknownFact.values()) {
            if (questions.size() == maxQuestions) {
                break;
            }
            if (alreadyAsked.contains(fact) || !unknown(fact, known)) {
                continue;
            }
            Map<String, String> values = fact == UnknownFact.DOCUMENT_COPY
                    ? Map.of("document", firstArtifact(known))
                    : Map.of();
            questions.add(new FollowUpQuestion(fact, fact.template(), values));
        }
        return new FollowUpPlan(questions);
    }

    private static boolean unknown(UnknownFact fact, Extraction known) {
        return switch (fact) {
            case DOCUMENT_COPY -> !known.copyOffered() && !firstArtifact(known).isEmpty();
            case ANCESTOR_NAMES -> known.names().isEmpty();
            case YEAR -> known.years().isEmpty() && known.dates().isEmpty();
            case PLACE -> known.places().isEmpty();
        };
    }

    /** First requestable document (a census is searched, not requested), else first photo, else "". */
    private static String firstArtifact(Extraction known) {
        return known.documents().stream().filter(d -> !d.startsWith("census")).findFirst()
                .or(() -> known.photos().stream().findFirst())
                .orElse("");
    }
}
