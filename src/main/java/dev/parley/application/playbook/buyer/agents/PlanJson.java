package dev.parley.application.playbook.buyer.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.catalog.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * The Criteria Agent's JSON contract (docs/playbooks/buyer-sms.md): written for the offline answer, read and checked
 * for a model's. An unknown intent, action or field key, or a listing that was not presented, makes the answer
 * invalid (the gateway then lets the offline agent answer).
 */
public final class PlanJson {
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private PlanJson() {
    }

    public static String write(CriteriaPlan plan) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("intent", plan.intent().wire());
        o.put("action", plan.action().wire());
        var c = o.putObject("criteria");
        var k = plan.criteria();
        putText(c, "location", k.location());
        putText(c, "state", k.state());
        if (k.sqft() != null) c.put("sqft", k.sqft());
        putText(c, "use_type", k.useType());
        putText(c, "goods_type", k.goodsType());
        putText(c, "timing", k.timing());
        putText(c, "duration", k.duration());
        var features = c.putArray("features");
        k.features().forEach(features::add);
        if (plan.buyerName() == null) o.putNull("buyer_name");
        else o.put("buyer_name", plan.buyerName());
        var asked = o.putArray("asked_fields");
        plan.askedFields().forEach(asked::add);
        if (plan.listingId() == null) o.putNull("listing_id");
        else o.put("listing_id", plan.listingId());
        return o.toString();
    }

    /** Reads a plan; {@code presented} are the listing ids a plan may name. */
    public static CriteriaPlan read(JsonNode o, List<Long> presented) {
        var intent = enumValue(o, "intent", Intent::fromWire);
        var action = enumValue(o, "action", PlanAction::fromWire);
        var c = o.path("criteria");
        if (!c.isMissingNode() && !c.isNull() && !c.isObject()) throw new IllegalArgumentException("criteria: not an object");
        Integer sqft = null;
        var s = c.path("sqft");
        if (s.isNumber()) sqft = s.asInt();
        else if (s.isTextual() && s.asText().matches("\\d{3,7}")) sqft = Integer.parseInt(s.asText());
        else if (!s.isMissingNode() && !s.isNull()) throw new IllegalArgumentException("criteria.sqft: not a number");
        if (sqft != null && (sqft < 100 || sqft > 5_000_000)) throw new IllegalArgumentException("criteria.sqft: out of range");
        var features = new ArrayList<String>();
        c.path("features").forEach(f -> features.add(f.asText()));
        var criteria = new Criteria(text(c, "location"), state(c), sqft, text(c, "use_type"), text(c, "goods_type"),
                text(c, "timing"), text(c, "duration"), features);
        var asked = new ArrayList<String>();
        for (var f : o.path("asked_fields")) {
            if (Field.byKey(f.asText()).isEmpty()) throw new IllegalArgumentException("asked_fields: unknown field "
                    + f.asText());
            asked.add(f.asText());
        }
        Long listing = null;
        var l = o.path("listing_id");
        if (l.isNumber()) {
            listing = l.asLong();
            if (!presented.contains(listing)) throw new IllegalArgumentException("listing_id: not a presented match");
        }
        var name = text(o, "buyer_name");
        if (name != null && name.length() > 100) throw new IllegalArgumentException("buyer_name: too long");
        return new CriteriaPlan(intent, action, criteria, name, asked, listing);
    }

    private static <E> E enumValue(JsonNode o, String field, java.util.function.Function<String, E> parse) {
        var v = o.path(field);
        if (!v.isTextual()) throw new IllegalArgumentException(field + ": missing");
        try {
            return parse.apply(v.asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(field + ": unknown value '" + v.asText() + "'");
        }
    }

    private static String text(JsonNode o, String field) {
        var v = o.path(field);
        return v.isTextual() && !v.asText().isBlank() ? v.asText().strip() : null;
    }

    private static String state(JsonNode c) {
        var s = text(c, "state");
        return s != null && s.matches("[A-Za-z]{2}") ? s.toUpperCase(java.util.Locale.ROOT) : null;
    }

    private static void putText(ObjectNode o, String key, String value) {
        if (value != null) o.put(key, value);
    }
}
