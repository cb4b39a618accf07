package dev.parley.bootstrap;

import dev.parley.adapter.http.Route;
import dev.parley.adapter.http.SafetyRoutes;
import dev.parley.adapter.playbooks.PlaceFiles;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyPolicyEditing;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.safety.ModelSafeText;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.SafetyPolicyDocument;
import dev.parley.application.safety.SafetyZones;
import dev.parley.application.safety.SecondOpinion;
import dev.parley.application.safety.ScreenInbound;
import dev.parley.application.safety.ScreenOutbound;
import dev.parley.application.safety.query.StoredConversationFacts;
import dev.parley.application.store.Transactions;
import dev.parley.domain.safety.ZoneLookup;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Part of the composition root: seed 002's validator, one live policy ({@code safety.json}, editable in Settings)
 * read by the pipeline in both directions, the composer, the Settings test box and {@code POST /api/validate}.
 */
final class SafetyInstallation {
    /** The validator of the home's {@code safety.json}; a save in Settings replaces it for every reader at once. */
    private final LiveSafetyPolicy policy;
    /** The recipients' zones (pipeline and API alike); the team's ({@code team.time_zone}) where none is known. */
    private final ZoneLookup zones;
    /** The personal inbox owner's zone ({@code guardian.time_zone}). */
    private final ZoneId inboxZone;
    /** The learned heads the validator reads beside its lexicons (issue 14, ADR 0019). */
    private final SafetyModel model;
    /** {@code safety.rewrite=model}: the gateway's rewrite and summary, validated again (ADR 0020). */
    private final ModelSafeText safeText;
    /** The configured model's second opinion on an uncertain inbound message (issue 35; none offline). */
    private final SecondOpinion opinion;
    private final ScreenOutbound outbound;

    /**
     * Reads and checks the home's {@code safety.json} (a broken file stops start-up here, before the store is opened).
     *
     * @param current the configuration in effect: {@code safety.rewrite} is read at each message
     */
    SafetyInstallation(ParleyConfig config, Clock clock, LearnedAlerts heads, ModelGateway gateway,
                       Supplier<ParleyConfig> current) {
        this.policy = new LiveSafetyPolicy(config.home(), clock);
        var team = config.get(ConfigKey.TEAM_TIME_ZONE);
        this.zones = SafetyZones.orElse(SafetyZones.of(new PhoneNumberZones(), PlaceFiles.load()),
                team.isEmpty() ? clock.getZone() : ZoneId.of(team));
        this.inboxZone = ZoneId.of(config.get(ConfigKey.GUARDIAN_TIME_ZONE));
        this.model = SafetyModel.of(heads);
        this.safeText = new ModelSafeText(gateway, policy, model,
                () -> "model".equals(current.get().get(ConfigKey.SAFETY_REWRITE)));
        this.opinion = new SecondOpinion(gateway, policy);
        this.outbound = new ScreenOutbound(policy, zones, inboxZone, model, safeText);
    }

    /** The outbound screen: the outbox's automated rows and the operator's composer. */
    ScreenOutbound outbound() {
        return outbound;
    }

    /** The inbound screen of the pipeline. */
    ScreenInbound inbound() {
        return new ScreenInbound(policy, zones, inboxZone, model, safeText, opinion);
    }

    /** The {@code safety.json} editor's port: read, try (with the heads, as the pipeline), save and apply. */
    SafetyPolicyDocument editor(ParleyConfig config, Clock clock) {
        return new SafetyPolicyEditing(config.home(), clock, policy::use, model);
    }

    /**
     * {@code POST /api/validate}: the live validator with the behavioural facts read from the store.
     *
     * @param inboxOf our address → the playbook a new inbound conversation to it gets
     */
    List<Route> routes(Transactions transactions, Function<String, String> inboxOf, Clock clock) {
        return new SafetyRoutes(policy, (r, operator) -> StoredConversationFacts.read(transactions, zones, inboxOf,
                inboxZone, clock, r, operator), model).routes();
    }
}
