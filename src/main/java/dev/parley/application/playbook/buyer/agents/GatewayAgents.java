package dev.parley.application.playbook.buyer.agents;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.domain.buyer.CriteriaPlan;
import java.util.List;

/**
 * The three model-shaped agents through the model gateway (docs/models.md), tasks {@code criteria} (JSON),
 * {@code respond} and {@code polish}. The offline answer of each is the deterministic agent's own, so with the
 * default offline provider the playbook behaves exactly as the rules say, and with a configured model that fails,
 * times out or answers invalid JSON, the rules answer instead (a {@code model_fallback} event on the timeline).
 */
public final class GatewayAgents {
    public static final String CRITERIA_TASK = "criteria";
    public static final String RESPOND_TASK = "respond";
    public static final String POLISH_TASK = "polish";

    private GatewayAgents() {
    }

    private static List<ChatMessage> messages(Prompt prompt) {
        return List.of(ChatMessage.system(prompt.system()), ChatMessage.user(prompt.user()));
    }

    /** Task {@code criteria}: a JSON plan, checked; an invalid one is answered by the offline agent. */
    public record Criteria(ConversationModel model, CriteriaAgent offline) implements CriteriaAgent {
        @Override
        public CriteriaPlan plan(CriteriaContext c) {
            var presented = c.presented().stream().map(MatchView::listingId).toList();
            var request = ModelRequest.of(CRITERIA_TASK, messages(c.prompt()),
                    () -> PlanJson.write(offline.plan(c))).asJson().withTemperature(0);
            return model.askJson(request, json -> PlanJson.read(json, presented), ModelGateway.OnInvalid.FALL_BACK)
                    .value().orElseGet(() -> offline.plan(c));
        }
    }

    /** Task {@code respond}: the SMS text; the Gatekeeper checks whatever comes back. */
    public record Response(ConversationModel model, ResponseAgent offline) implements ResponseAgent {
        @Override
        public String write(ResponseContext c) {
            var answer = model.ask(ModelRequest.of(RESPOND_TASK, messages(c.prompt()), () -> offline.write(c))
                    .withTemperature(0.3));
            return answer.isBlank() ? offline.write(c) : answer.content().strip();
        }
    }

    /** Task {@code polish}: the compressed text. */
    public record Polisher(ConversationModel model, PolisherAgent offline) implements PolisherAgent {
        @Override
        public String polish(PolisherContext c) {
            var answer = model.ask(ModelRequest.of(POLISH_TASK, messages(c.prompt()), () -> offline.polish(c))
                    .withTemperature(0));
            return answer.isBlank() ? offline.polish(c) : answer.content().strip();
        }
    }
}
