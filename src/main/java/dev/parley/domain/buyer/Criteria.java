package dev.parley.domain.buyer;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What a buyer is looking for (seed 003's criteria): every field may be unknown (null, or empty features).
 *
 * @param location city or metro as the buyer named it ("Detroit", "Commerce Twp")
 * @param state two-letter US state of the location, when known
 * @param sqft square feet wanted
 * @param useType storage, ecommerce fulfillment, cold storage, distribution, manufacturing, …
 * @param goodsType what will be stored ("auto parts")
 * @param timing when the space is needed ("April", "now")
 * @param duration how long ("6 months")
 * @param features required features ("dock doors", "office", …)
 */
public record Criteria(String location, String state, Integer sqft, String useType, String goodsType, String timing,
                       String duration, List<String> features) {

    public static final Criteria EMPTY = new Criteria(null, null, null, null, null, null, null, List.of());

    public Criteria {
        features = features == null ? List.of() : List.copyOf(features);
    }

    public boolean isEmpty() {
        return equals(EMPTY);
    }

    /** This criteria with every field {@code update} knows replacing this one's; features are added. */
    public Criteria merge(Criteria update) {
        var merged = new LinkedHashSet<>(features);
        merged.addAll(update.features);
        return new Criteria(or(update.location, location), update.location != null ? update.state : or(update.state,
                state), or(update.sqft, sqft), or(update.useType, useType), or(update.goodsType, goodsType),
                or(update.timing, timing), or(update.duration, duration), new ArrayList<>(merged));
    }

    /** True when {@code update} replaces a value this criteria already had with another one (a change of mind). */
    public boolean changedBy(Criteria update) {
        return differs(location, update.location) || differs(sqft, update.sqft) || differs(useType, update.useType)
                || differs(goodsType, update.goodsType);
    }

    public Criteria withUseType(String value) {
        return new Criteria(location, state, sqft, value, goodsType, timing, duration, features);
    }

    public Criteria withFeatures(List<String> value) {
        return new Criteria(location, state, sqft, useType, goodsType, timing, duration, value);
    }

    private static boolean differs(Object old, Object update) {
        return old != null && update != null && !old.toString().equalsIgnoreCase(update.toString());
    }

    private static <T> T or(T preferred, T fallback) {
        return preferred != null ? preferred : fallback;
    }
}
