package dev.parley.domain.buyer;

import java.util.List;
import java.util.Set;

/**
 * The raw entities of one buyer message (seed 003's {@code MessageInterpretation}): extraction only, no intent and
 * no resolution against the conversation (that is the orchestrator's).
 *
 * @param positions positional references, 1-based ("option 2" → 2, "#1" → 1); {@link #LAST} for "the last one"
 * @param attributes attribute references: {@code cheapest}, {@code largest}, {@code smallest}, {@code soonest}
 */
public record MessageInterpretation(List<Places.Mention> cities, List<String> states, List<Integer> sizes,
                                    Set<Topic> topics, List<String> features, String useType, String goodsType,
                                    List<String> emails, List<String> dates, String timing, String duration,
                                    Set<String> actions, List<String> names, List<Integer> positions,
                                    List<String> attributes, QueryType queryType, boolean question,
                                    boolean greeting) {
    public static final int LAST = -1;

    public enum QueryType { SEARCH, PROPERTY_LOOKUP, BOOKING, GENERAL }

    public MessageInterpretation {
        cities = List.copyOf(cities);
        states = List.copyOf(states);
        sizes = List.copyOf(sizes);
        topics = Set.copyOf(topics);
        features = List.copyOf(features);
        emails = List.copyOf(emails);
        dates = List.copyOf(dates);
        actions = Set.copyOf(actions);
        names = List.copyOf(names);
        positions = List.copyOf(positions);
        attributes = List.copyOf(attributes);
    }

    /** The search criteria this message states on its own (first city and size). */
    public Criteria criteria() {
        var city = cities.isEmpty() ? null : cities.getFirst().place();
        return new Criteria(city == null ? null : city.city(), city != null ? city.state()
                : states.isEmpty() ? null : states.getFirst(), sizes.isEmpty() ? null : sizes.getFirst(), useType,
                goodsType, timing, duration, features);
    }

    public boolean hasSearchCriteria() {
        return !cities.isEmpty() || !sizes.isEmpty() || useType != null;
    }

    public boolean hasReference() {
        return !positions.isEmpty() || !attributes.isEmpty();
    }
}
