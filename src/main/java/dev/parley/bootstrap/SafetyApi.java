package dev.parley.bootstrap;

import dev.parley.adapter.http.Route;
import dev.parley.adapter.http.SafetyRoutes;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.StoredConversationFacts;
import dev.parley.application.store.Transactions;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code POST /api/validate}: the live validator (the same holder the pipeline and Settings use, so a policy saved in
 * the console answers at once) with the behavioural facts read from the store.
 */
final class SafetyApi {
    private SafetyApi() {
    }

    /**
     * @param inboxOf   our address → the playbook a new inbound conversation to it gets
     * @param inboxZone the personal inbox owner's zone ({@code guardian.time_zone})
     * @param model   the learned heads the validator reads beside its lexicons (ADR 0019)
     */
    static List<Route> routes(Supplier<SafetyValidator> validator, Transactions transactions, ZoneLookup zones,
                              Function<String, String> inboxOf, java.time.ZoneId inboxZone, Clock clock,
                              SafetyModel model) {
        return new SafetyRoutes(validator, (r, operator) -> StoredConversationFacts.read(transactions, zones, inboxOf,
                inboxZone, clock, r, operator), model).routes();
    }
}
