package dev.parley.domain.outreach;

import dev.parley.domain.fsm.Templates;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The outcome of {@link FollowUpQuestions#decide}: which questions to ask next, possibly none.
 */
public record FollowUpPlan(List<FollowUpQuestion> questions) {

    /** Template wrapping the questions into one message; needs {@code {questions}}. */
    public static final String MESSAGE_TEMPLATE = "follow_up_message";

    public FollowUpPlan {
        questions = List.copyOf(questions);
    }

    /** The outreach {@code more_questions} guard. */
    public boolean moreQuestions() {
        return !questions.isEmpty();
    }

    /**
     * Renders the follow-up message: each question template, joined by a space, inside
     * {@link #MESSAGE_TEMPLATE}.
     *
     * @param values shared placeholders such as {@code match_name} and {@code sender_name}
     * @throws IllegalStateException if there is nothing to ask
     */
    public String compose(Templates templates, Map<String, String> values) {
        if (questions.isEmpty()) {
            throw new IllegalStateException("no follow-up questions to compose");
        }
        String asked = questions.stream().map(q -> {
            Map<String, String> all = new HashMap<>(values);
            all.putAll(q.values());
            return templates.render(q.template(), all);
        }).collect(Collectors.joining(" "));
        Map<String, String> all = new HashMap<>(values);
        all.put("questions", asked);
        return templates.render(MESSAGE_TEMPLATE, all);
    }
}
