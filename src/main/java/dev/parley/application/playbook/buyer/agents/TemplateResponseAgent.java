package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.catalog.Field;
import dev.parley.domain.fsm.Templates;
import java.util.HashMap;
import java.util.Map;

/**
 * The offline Response Agent: phase-aware templates of the playbook file ({@code buyer-sms.json}, editable by the
 * team), filled with the facts of the {@link ResponseContext}. Matches are presented as the seed shows them: at most
 * 3, city + sqft + feature + rate, a question at the end, never "Reply 1, 2, 3".
 */
public final class TemplateResponseAgent implements ResponseAgent {
    private final Templates templates;

    public TemplateResponseAgent(Templates templates) {
        this.templates = templates;
    }

    @Override
    public String write(ResponseContext c) {
        var v = new HashMap<String, String>(c.values());
        return switch (c.situation()) {
            case FIRST_MESSAGE -> render("first_message", v);
            case GREETING -> render("greeting", v);
            case GREETING_AGAIN -> render("greeting_again", v);
            case THANKS -> render("thanks_reply", v);
            case ACK_SEARCH -> render("ack_search", v);
            case ASK_CRITERIA -> askCriteria(v);
            case RESULTS -> results(c);
            case NO_RESULTS -> render("no_results", v);
            case REFINE_ACK -> render("refine_ack", v);
            case PROPERTY_SUMMARY -> render("property_summary", v);
            case FACILITY_ANSWER -> v.get("answer") + " " + render("facility_answer_end", v);
            case CLARIFY_PROPERTY -> v.containsKey("options") ? render("clarify_property", v)
                    : render("clarify_any_property", v);
            case ESCALATION_WAIT -> (v.containsKey("answer") ? v.get("answer") + " " : "") + render("escalation_wait", v);
            case SLA_NUDGE -> v.containsKey("alternative") ? render("sla_nudge_alternative", v)
                    : render("sla_nudge", v);
            case ESCALATION_ANSWER -> render("escalation_answer", v);
            case ESCALATION_FOLLOWUP -> render("escalation_followup", v);
            case TOUR_REQUEST -> render("tour_request", v);
            case COMMITMENT_HANDOFF -> render("commitment_handoff", v);
            case INFO_THANKS -> render("info_thanks", v);
            case UNKNOWN -> render("fallback_default", v);
            case COLLECT_INFO, GUARANTEE_LINK, TOUR_UPDATE, NOTICE, NUDGE -> render(v.get(Situation.TEMPLATE), v);
        };
    }

    private String askCriteria(Map<String, String> v) {
        if (v.get("location") == null) {
            v.put("with_what", v.get("with_what") == null ? "" : v.get("with_what"));
            return render("ask_location", v);
        }
        return v.get("use") == null ? render("ask_size_and_use", v) : render("ask_size", v);
    }

    private String results(ResponseContext c) {
        var n = c.matches().size();
        var out = new StringBuilder(n == 1 ? render("results_one", c.values())
                : render("results_many", Map.of("count", Integer.toString(n))));
        for (var m : c.matches()) out.append('\n').append(line(m));
        out.append('\n').append(render(n == 1 ? "results_end_one" : n == 2 ? "results_end_two" : "results_end_many",
                c.values()));
        return out.toString();
    }

    /** "1) 18,000 sqft in Commerce Twp — dock doors, available now. ~$1.15/sqft" */
    public static String line(MatchView m) {
        var s = new StringBuilder().append(m.position()).append(") ").append(Field.thousands(m.sqft()))
                .append(" sqft in ").append(m.city()).append(" —");
        if (m.feature() != null) s.append(' ').append(m.feature()).append(',');
        s.append(' ').append(m.availability()).append('.');
        if (m.rate() != null) s.append(" ~$").append(m.rate().setScale(2, java.math.RoundingMode.HALF_UP)).append("/sqft");
        return s.toString();
    }

    private String render(String template, Map<String, String> values) {
        return templates.render(template, values);
    }
}
