package dev.parley.application.playbook.buyer.agents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.MessageInterpretation;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.ReferenceResolution;
import dev.parley.domain.buyer.SmsKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 003's Context Builder: the one place every prompt is written. Criteria, Response and Polisher contexts get
 * the system prompt of their agent, the last 8 messages (buyer and agent only), the phase's instructions and the
 * presented matches (names, cities, rates), so a model can resolve "the cheapest" when the orchestrator could not.
 */
public final class ContextBuilder {
    public static final int HISTORY = 8;
    private static final ObjectMapper JSON = JsonMappers.SORTED;

    static final String CRITERIA_SYSTEM = """
            You plan the next step of an SMS conversation with a buyer looking for warehouse space.
            Answer with one JSON object and nothing else:
            {"intent": one of new_search, refine_search, facility_info, tour_request, commitment, provide_info,
                       greeting, unknown,
             "action": one of search, lookup, respond, clarify, ask_owner, schedule_tour, commitment_handoff,
                       collect_info,
             "criteria": {"location", "state", "sqft", "use_type", "goods_type", "timing", "duration",
                          "features": []} with only what this message states or changes,
             "buyer_name": string or null,
             "asked_fields": Field Catalog keys the buyer asks about (ceiling_height, dock_doors, drive_in_doors,
                             temperature_control, rate_per_foot, available_space, office_space, hours_24h, forklift,
                             power, parking, overnight_parking, sprinklers, security),
             "listing_id": the presented match the message is about, or null}
            Never write SMS text. Phase is context, not a gate: any action is allowed in any phase.""";

    static final String RESPONSE_SYSTEM = """
            You write one SMS to a buyer looking for warehouse space, as a helpful human agent would: natural, short,
            no legalese, no bot disclaimers. Use only the facts given. Present at most 3 matches, each with city,
            sqft, one feature and the rate; never ask the buyer to "Reply 1, 2, 3". Stay under the character limit.
            Reply with the SMS text only.""";

    static final String POLISHER_SYSTEM = """
            You shorten and fix an SMS that a validator rejected. Keep every fact, number, link and the opt-out
            aside; remove fluff words (actually, basically); combine sentences; never add information or change the
            meaning. Reply with the fixed SMS text only.""";

    private static final Map<Phase, String> PHASE_INSTRUCTIONS = Map.ofEntries(
            Map.entry(Phase.INTAKE, "First contact. Greet briefly and ask for city, size and what they store."),
            Map.entry(Phase.QUALIFYING, "Some criteria are known. Ask only for what is missing; search when ready."),
            Map.entry(Phase.PRESENTING, "Matches were shown. Format matches as a short numbered list with a question "
                    + "at the end; help the buyer pick one."),
            Map.entry(Phase.PROPERTY_FOCUSED, "The buyer picked a property. Answer facility questions from the facts; "
                    + "offer a tour."),
            Map.entry(Phase.AWAITING_ANSWER, "A question was sent to the team. Any other question may still be "
                    + "answered; say when the buyer will hear back."),
            Map.entry(Phase.COLLECTING_INFO, "The buyer wants to book. Ask for the one missing detail (name, then "
                    + "e-mail); answer any other question first, then ask again."),
            Map.entry(Phase.COMMITMENT, "Send the guarantee link: the message must contain it. Say it takes 30 "
                    + "seconds and the address follows the signature."),
            Map.entry(Phase.GUARANTEE_PENDING, "The guarantee link was sent. Answer questions; remind kindly that the "
                    + "address comes after signing; never reveal the address."),
            Map.entry(Phase.TOUR_SCHEDULING, "The guarantee is signed and the address shared. Ask when works for a "
                    + "tour; use scheduling language; confirm only what the owner confirmed."),
            Map.entry(Phase.ACTIVE, "The tour is confirmed. Help with the tour, the agreement and onboarding."),
            Map.entry(Phase.COMPLETED, "The deal is done. Be brief and helpful."),
            Map.entry(Phase.DORMANT, "The buyer went quiet and came back. Welcome them back; offer a fresh search."),
            Map.entry(Phase.ABANDONED, "The buyer had opted out and texted again. Answer normally."));

    public Prompt criteriaPrompt(String message, MessageInterpretation interpretation, ReferenceResolution reference,
                                 Phase phase, Criteria known, double readiness, List<MatchView> presented,
                                 MatchView focused, List<HistoryLine> history) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("phase", phase.stateName());
        doc.put("phase_instructions", PHASE_INSTRUCTIONS.get(phase));
        doc.put("message", message);
        doc.put("interpretation", interpretation(interpretation));
        doc.put("reference", Map.of("kind", reference.kind().name().toLowerCase(),
                "candidates", reference.candidates().stream().map(m -> m.listingId()).toList()));
        doc.put("known_criteria", criteria(known));
        doc.put("criteria_readiness", readiness);
        doc.put("presented_matches", presented.stream().map(ContextBuilder::match).toList());
        if (focused != null) doc.put("focused_match", match(focused));
        doc.put("recent_history", history(history));
        return new Prompt(CRITERIA_SYSTEM, json(doc));
    }

    public Prompt responsePrompt(Situation situation, SmsKind kind, Phase phase, Map<String, String> values,
                                 List<MatchView> matches, String retryHint, List<HistoryLine> history) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("phase", phase.stateName());
        doc.put("phase_instructions", PHASE_INSTRUCTIONS.get(phase));
        doc.put("situation", situation.name().toLowerCase());
        doc.put("max_characters", kind.limit());
        doc.put("facts", values);
        doc.put("matches", matches.stream().map(ContextBuilder::match).toList());
        if (retryHint != null) doc.put("retry_hint", retryHint);
        doc.put("recent_history", history(history));
        return new Prompt(RESPONSE_SYSTEM, json(doc));
    }

    public Prompt polisherPrompt(String text, String hint, SmsKind kind) {
        var doc = new LinkedHashMap<String, Object>();
        doc.put("rejected_text", text);
        doc.put("validator_hint", hint);
        doc.put("max_characters", kind.limit());
        return new Prompt(POLISHER_SYSTEM, json(doc));
    }

    /** The last {@link #HISTORY} buyer and agent messages, oldest first. */
    public static List<HistoryLine> recent(List<HistoryLine> all) {
        return List.copyOf(all.subList(Math.max(0, all.size() - HISTORY), all.size()));
    }

    private static Map<String, Object> interpretation(MessageInterpretation i) {
        var m = new LinkedHashMap<String, Object>();
        m.put("cities", i.cities().stream().map(c -> c.place().city() + ", " + c.place().state()).toList());
        m.put("states", i.states());
        m.put("sizes", i.sizes());
        m.put("topics", i.topics().stream().map(t -> t.label()).sorted().toList());
        m.put("features", i.features());
        m.put("use_type", i.useType());
        m.put("goods_type", i.goodsType());
        m.put("emails", i.emails());
        m.put("dates", i.dates());
        m.put("actions", i.actions().stream().sorted().toList());
        m.put("names", i.names());
        m.put("positions", i.positions());
        m.put("attributes", i.attributes());
        m.put("query_type", i.queryType().name().toLowerCase());
        return m;
    }

    static Map<String, Object> criteria(Criteria c) {
        return dev.parley.domain.buyer.CriteriaDocument.of(c);
    }

    private static Map<String, Object> match(MatchView m) {
        var out = new LinkedHashMap<String, Object>();
        out.put("position", m.position());
        out.put("listing_id", m.listingId());
        out.put("city", m.city());
        out.put("sqft", m.sqft());
        out.put("feature", m.feature());
        out.put("availability", m.availability());
        out.put("rate_per_sqft", m.rate());
        return out;
    }

    private static List<Map<String, String>> history(List<HistoryLine> lines) {
        var out = new ArrayList<Map<String, String>>();
        for (var l : recent(lines)) out.add(Map.of("from", l.who(), "text", l.text()));
        return out;
    }

    private static String json(Object doc) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
