package dev.parley.application.playbook.buyer;

import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.buyer.agents.CriteriaAgent;
import dev.parley.application.playbook.buyer.agents.GatewayAgents;
import dev.parley.application.playbook.buyer.agents.OfflineCriteriaAgent;
import dev.parley.application.playbook.buyer.agents.OfflinePolisher;
import dev.parley.application.playbook.buyer.agents.PolisherAgent;
import dev.parley.application.playbook.buyer.agents.ResponseAgent;
import dev.parley.application.playbook.buyer.agents.TemplateResponseAgent;
import dev.parley.domain.fsm.Templates;

/**
 * The pipeline's three model-shaped agents for one conversation: through the model gateway when Parley has one (the
 * deterministic agents are the offline answers), else the deterministic agents directly (tests of the rules).
 */
final class BuyerAgents {

    /** The agents as one message uses them. */
    record Bound(CriteriaAgent criteria, ResponseAgent response, PolisherAgent polisher) {
    }

    private final ModelGateway gateway;
    private final CriteriaAgent criteria = new OfflineCriteriaAgent();
    private final ResponseAgent response;
    private final PolisherAgent polisher = new OfflinePolisher();

    BuyerAgents(ModelGateway gateway, Templates templates) {
        this.gateway = gateway;
        this.response = new TemplateResponseAgent(templates);
    }

    Bound bind(ConversationSession session) {
        if (gateway == null) return new Bound(criteria, response, polisher);
        var model = new ConversationModel(gateway, session);
        return new Bound(new GatewayAgents.Criteria(model, criteria), new GatewayAgents.Response(model, response),
                new GatewayAgents.Polisher(model, polisher));
    }
}
