package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.buyer.agents.CriteriaAgent;
import dev.parley.application.playbook.buyer.agents.OfflineCriteriaAgent;
import dev.parley.application.playbook.buyer.agents.OfflinePolisher;
import dev.parley.application.playbook.buyer.agents.PolisherAgent;
import dev.parley.application.playbook.buyer.agents.ResponseAgent;
import dev.parley.application.playbook.buyer.agents.TemplateResponseAgent;
import dev.parley.domain.fsm.Templates;
import java.util.function.Function;

/** The three model-shaped agents of the pipeline; the other three are deterministic and always built in. */
public record BuyerAgents(CriteriaAgent criteria, Function<Templates, ResponseAgent> response,
                          PolisherAgent polisher) {

    /** The offline default: deterministic rules, the playbook's templates and the rule-based Polisher. */
    public static BuyerAgents offline() {
        return new BuyerAgents(new OfflineCriteriaAgent(), TemplateResponseAgent::new, new OfflinePolisher());
    }
}
