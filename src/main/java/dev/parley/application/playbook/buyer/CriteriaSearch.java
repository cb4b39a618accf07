package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.CriteriaReadiness;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.Place;
import dev.parley.domain.buyer.Places;
import dev.parley.domain.buyer.PropertySearch;
import dev.parley.domain.buyer.SmsKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The buyer's search criteria: merged from each message, the missing ones asked for, and, once ready, the search
 * and its results (or the same matches again on "show me the options").
 */
final class CriteriaSearch {
    private static final Pattern NEAR = Pattern.compile("\\b(near|around|outside( of)?|close to|by)\\s+$",
            Pattern.CASE_INSENSITIVE);

    private final Outgoing outgoing;
    private final PhaseMoves phases;
    private final Places places;

    CriteriaSearch(Outgoing outgoing, PhaseMoves phases, Places places) {
        this.outgoing = outgoing;
        this.phases = phases;
        this.places = places;
    }

    void search(BuyerTurn t, CriteriaPlan plan, List<MatchView> presented) {
        var state = t.state();
        var before = state.criteria;
        if (plan.intent() == Intent.REFINE_SEARCH && plan.criteria().isEmpty() && !presented.isEmpty()) {
            phases.fire(t.session(), "options_requested", presented.size() + " matches again",
                    Map.of("matches", presented.size()));
            state.focusedListingId = null;
            outgoing.reply(t.session(), state, t.cause(), "results", new Outgoing.Reply(Situation.RESULTS,
                    SmsKind.RESULTS, Map.of(), presented));
            return;
        }
        var merged = replaceUse(before, plan.criteria()).merge(plan.criteria());
        boolean changed = !before.isEmpty() && before.changedBy(plan.criteria());
        state.criteria = merged;
        state.criteriaReadiness = CriteriaReadiness.of(merged);
        moveForCriteria(t, changed);
        if (!CriteriaReadiness.readyToSearch(merged)) {
            askForCriteria(t, merged);
            return;
        }
        var summary = changed ? BuyerWording.refinement(before, merged) : BuyerWording.summary(merged, near(t));
        outgoing.reply(t.session(), state, t.cause(), "ack", Outgoing.Reply.of(changed ? Situation.REFINE_ACK
                : Situation.ACK_SEARCH, SmsKind.FOLLOW_UP, Map.of("summary", summary)));
        var metro = places.find(merged.location(), merged.state()).map(Place::metro).orElse(null);
        var found = PropertySearch.search(merged, metro, t.session().reads().activeCatalogEntries(), t.today());
        state.focusedListingId = null;
        if (found.isEmpty()) {
            state.presentedListingIds = new ArrayList<>();
            t.session().record("search", Map.of("readiness", state.criteriaReadiness, "matches", 0));
            outgoing.reply(t.session(), state, t.cause(), "results", Outgoing.Reply.of(Situation.NO_RESULTS,
                    SmsKind.FOLLOW_UP, Map.of("summary", BuyerWording.summary(merged, near(t)))));
            return;
        }
        if (state.firstMatchAt == null) state.firstMatchAt = t.session().now();
        var views = new ArrayList<MatchView>();
        for (var m : found) views.add(BuyerWording.view(m.entry(), views.size() + 1, merged, t.today()));
        state.presentedListingIds = new ArrayList<>(views.stream().map(MatchView::listingId).toList());
        t.session().record("search", Map.of("readiness", state.criteriaReadiness, "matches", views.size(),
                "listings", state.presentedListingIds));
        phases.fire(t.session(), "matches_found", views.size() + (views.size() == 1 ? " match" : " matches"),
                Map.of("matches", views.size()));
        outgoing.reply(t.session(), state, t.cause(), "results", new Outgoing.Reply(Situation.RESULTS, SmsKind.RESULTS,
                Map.of(), views));
    }

    /** A search the plan could not run yet: its criteria are taken, and what is missing is asked for. */
    void takeAndAsk(BuyerTurn t, CriteriaPlan plan) {
        var state = t.state();
        var merged = replaceUse(state.criteria, plan.criteria()).merge(plan.criteria());
        boolean changed = !state.criteria.isEmpty() && state.criteria.changedBy(plan.criteria());
        state.criteria = merged;
        state.criteriaReadiness = CriteriaReadiness.of(merged);
        if (!merged.isEmpty()) moveForCriteria(t, changed);
        askForCriteria(t, merged);
    }

    /** "Cold storage instead": a new use type replaces the old one, and its goods no longer describe it. */
    private static Criteria replaceUse(Criteria before, Criteria update) {
        if (update.useType() == null || update.useType().equals(before.useType())) return before;
        var features = before.features().stream().filter(f -> !f.equals(before.useType())).toList();
        var goods = update.goodsType() != null ? before.goodsType() : null;
        return new Criteria(before.location(), before.state(), before.sqft(), null, goods, before.timing(),
                before.duration(), features);
    }

    private void moveForCriteria(BuyerTurn t, boolean changed) {
        var phase = t.phase();
        if (phase == Phase.INTAKE) {
            phases.fire(t.session(), "criteria_provided", "readiness " + t.state().criteriaReadiness,
                    Map.of("readiness", t.state().criteriaReadiness));
        } else if (changed && phase != Phase.QUALIFYING) {
            phases.fire(t.session(), "criteria_changed", "readiness " + t.state().criteriaReadiness,
                    Map.of("readiness", t.state().criteriaReadiness));
        }
    }

    private void askForCriteria(BuyerTurn t, Criteria c) {
        var values = new LinkedHashMap<String, String>();
        if (c.location() != null) values.put("location", c.location());
        var use = BuyerWording.use(c);
        if (use != null) values.put("use", use);
        if (c.sqft() != null) values.put("size", BuyerWording.size(c.sqft()));
        var what = new ArrayList<String>();
        if (c.sqft() != null) what.add(BuyerWording.size(c.sqft()));
        if (use != null) what.add("for " + use);
        values.put("with_what", what.isEmpty() ? "" : " with " + String.join(" ", what));
        outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.ASK_CRITERIA,
                SmsKind.FOLLOW_UP, values));
    }

    private static boolean near(BuyerTurn t) {
        if (t.interpretation().cities().isEmpty()) return false;
        var start = t.interpretation().cities().getFirst().start();
        return NEAR.matcher(t.text().substring(0, start)).find();
    }
}
