package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.SmsKind;
import java.util.List;
import java.util.Map;

/**
 * What the Response Agent receives: the situation and the facts to say (values by name, the matches to present),
 * the phase, the message kind (its length limit), the Gatekeeper's hint when this is a retry, and the prompt the
 * Context Builder wrote (for a model; the offline agent renders the playbook's templates from the fields).
 */
public record ResponseContext(Situation situation, SmsKind kind, Phase phase, Map<String, String> values,
                              List<MatchView> matches, String retryHint, Prompt prompt) {
    public ResponseContext {
        values = Map.copyOf(values);
        matches = List.copyOf(matches);
    }

    public String value(String name) {
        return values.get(name);
    }
}
