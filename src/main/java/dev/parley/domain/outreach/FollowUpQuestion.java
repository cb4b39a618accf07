package dev.parley.domain.outreach;

import java.util.Map;
import java.util.Objects;

/**
 * One question to ask: a template of the outreach playbook and the values of its placeholders.
 *
 * @param values e.g. {@code document -> family bible} for {@code follow_up_document_copy}
 */
public record FollowUpQuestion(UnknownFact fact, String template, Map<String, String> values) {

    public FollowUpQuestion {
        Objects.requireNonNull(fact, "fact");
        Objects.requireNonNull(template, "template");
        values = Map.copyOf(values);
    }
}
