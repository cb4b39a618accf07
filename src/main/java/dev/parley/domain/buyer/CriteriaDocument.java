package dev.parley.domain.buyer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Criteria as a JSON document, keys as seed 003 spells them ({@code location, state, sqft, use_type, goods_type,
 * timing, duration, features}): in prompts, in the Criteria Agent's plan and in the stored criteria snapshot.
 */
public final class CriteriaDocument {
    private CriteriaDocument() {
    }

    public static Map<String, Object> of(Criteria c) {
        var m = new LinkedHashMap<String, Object>();
        m.put("location", c.location());
        m.put("state", c.state());
        m.put("sqft", c.sqft());
        m.put("use_type", c.useType());
        m.put("goods_type", c.goodsType());
        m.put("timing", c.timing());
        m.put("duration", c.duration());
        m.put("features", c.features());
        return m;
    }

    @SuppressWarnings("unchecked")
    public static Criteria read(Map<String, Object> m) {
        var sqft = m.get("sqft");
        return new Criteria((String) m.get("location"), (String) m.get("state"),
                sqft == null ? null : ((Number) sqft).intValue(), (String) m.get("use_type"),
                (String) m.get("goods_type"), (String) m.get("timing"), (String) m.get("duration"),
                (List<String>) m.getOrDefault("features", List.of()));
    }
}
