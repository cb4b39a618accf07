package dev.parley.application.playbook.buyer;

import dev.parley.application.playbook.buyer.agents.MatchView;
import dev.parley.application.playbook.buyer.agents.Situation;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.buyer.ReferenceResolution;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.Topic;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Questions about a property: the summary, or its fields through the Detail Fetcher, then the answer cache's layers,
 * then a person (the escalation desk). The address is the booking's to reveal, never the team's.
 */
final class FacilityQuestions {
    /** "What's the address?", "where exactly is it?": the address is the guarantee's to reveal, not the team's. */
    private static final Pattern ADDRESS = Pattern.compile("\\b(address|street|where (exactly )?is (it|that|this)"
            + "|where'?s (it|that) located|exact location)\\b", Pattern.CASE_INSENSITIVE);

    private final Outgoing outgoing;
    private final EscalationDesk desk;
    private final PhaseMoves phases;
    private final BookingDesk booking;
    private final PropertyFocus focus;

    FacilityQuestions(Outgoing outgoing, EscalationDesk desk, PhaseMoves phases, BookingDesk booking,
                      PropertyFocus focus) {
        this.outgoing = outgoing;
        this.desk = desk;
        this.phases = phases;
        this.booking = booking;
        this.focus = focus;
    }

    /** Answers (or escalates) the question; false when it names no property in the catalogue (nothing was done). */
    boolean answer(BuyerTurn t, CriteriaPlan plan, ReferenceResolution reference, List<MatchView> presented) {
        var listingId = t.listingFor(plan, reference);
        var entry = listingId == null ? Optional.<CatalogEntry>empty()
                : t.session().reads().catalogEntry(listingId);
        if (entry.isEmpty()) return false;
        var e = entry.get();
        boolean newFocus = focus.focus(t, listingId);
        if (ADDRESS.matcher(t.text()).find()) {
            booking.address(t.session(), t.state(), e, t.cause());
            return true;
        }
        var asked = new ArrayList<Field>();
        plan.askedFields().forEach(k -> Field.byKey(k).ifPresent(asked::add));
        var topicFields = TopicCatalog.fieldsFor(t.interpretation().topics());
        if (asked.isEmpty() && topicFields.isEmpty() && plan.action() == PlanAction.LOOKUP) {
            outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.PROPERTY_SUMMARY,
                    SmsKind.FOLLOW_UP, Map.of("city", e.property().city(), "details", BuyerWording.details(e))));
            PropertyFocus.offerTour(t, e);
            return true;
        }
        long propertyId = e.property().id();
        var known = t.state().knownAnswers.getOrDefault(propertyId, Map.of());
        var fetched = DetailFetcher.fetch(propertyId, asked, topicFields, known, () -> e, t.session().now());
        if (!fetched.newlyKnown().isEmpty()) {
            t.state().knownAnswers.computeIfAbsent(propertyId, k -> new LinkedHashMap<>()).putAll(fetched.newlyKnown());
        }
        var facts = new ArrayList<String>();
        for (var f : fetched.fields()) {
            if (f.outcome() != DetailFetcher.Outcome.UNMAPPED) {
                facts.add(f.outcome() == DetailFetcher.Outcome.CACHE_HIT && known.get(f.field().key()) != null
                        && "escalation".equals(known.get(f.field().key()).source())
                        ? BuyerWording.sentence(f.value()) : BuyerWording.fact(f.field(), f.value(), e.knowledge()));
            }
        }
        var outcomes = new LinkedHashMap<String, Object>();
        fetched.fields().forEach(f -> outcomes.put(f.field().key(), f.outcome().name()));
        t.session().record("detail_fetch", Map.of("property", e.property().ref(), "outcomes", outcomes,
                "catalog_read", fetched.catalogRead()));
        // What no field answered: the cache layers, then a person.
        var unanswered = new ArrayList<Field>();
        fetched.unmapped().forEach(f -> unanswered.add(f.field()));
        boolean ownerQuestion = asked.isEmpty() && topicFields.isEmpty();
        boolean escalate = false;
        Field escalatedField = null;
        if (ownerQuestion || !unanswered.isEmpty()) {
            var field = unanswered.isEmpty() ? null : unanswered.getFirst();
            var hit = AnswerCache.lookup(t.state().build(), t.session().reads(), propertyId, t.text(), field);
            if (hit.isPresent()) {
                facts.add(BuyerWording.sentence(hit.get().answer()));
                t.session().record("answer_cache_hit", Map.of("property", e.property().ref(), "layer",
                        hit.get().layer(), "source", hit.get().source()));
                if (field != null) {
                    t.state().knownAnswers.computeIfAbsent(propertyId, k -> new LinkedHashMap<>())
                            .put(field.key(), new KnownAnswer(hit.get().answer(), "cache", t.session().now()));
                }
            } else {
                escalate = true;
                escalatedField = field;
            }
        }
        var prefix = newFocus && presented.size() > 1 ? e.property().city() + " — " : "";
        if (!prefix.isEmpty() && !facts.isEmpty()) facts.set(0, BuyerWording.afterDash(facts.getFirst()));
        if (escalate) {
            var topic = t.interpretation().topics().stream().filter(tp -> tp.fields().isEmpty()
                    || finalField(tp, unanswered)).findFirst().orElse(null);
            desk.open(t.session(), t.state(), e.property(), t.text(), escalatedField, topic);
            if (t.phase() == Phase.PROPERTY_FOCUSED) {
                phases.fire(t.session(), "question_escalated", (escalatedField != null ? escalatedField.label()
                        : "the question") + ": no field, cache or learned answer", Map.of("property",
                        e.property().ref()));
            }
            var values = new LinkedHashMap<String, String>();
            if (!facts.isEmpty()) values.put("answer", prefix + BuyerWording.join(facts));
            outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.ESCALATION_WAIT,
                    SmsKind.ESCALATION_WAIT, values));
            return true;
        }
        outgoing.reply(t.session(), t.state(), t.cause(), "reply", Outgoing.Reply.of(Situation.FACILITY_ANSWER,
                SmsKind.FOLLOW_UP, Map.of("answer", prefix + BuyerWording.join(facts))));
        PropertyFocus.offerTour(t, e);
        return true;
    }

    private static boolean finalField(Topic topic, List<Field> unanswered) {
        return topic.fields().stream().anyMatch(unanswered::contains);
    }
}
