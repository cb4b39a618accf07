package dev.parley.domain.outreach;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A life event found in one sentence of a reply, with the year, people and place mentioned
 * alongside it.
 *
 * @param placePreposition how the place relates: "in" ("born in Cork"), or for emigration "from"/"to"
 * @param relationship relationship word in the same clause ("grandmother"), used when no name is given
 */
public record LifeEvent(
        EventKind kind, Optional<Integer> year, List<String> names, Optional<String> place,
        String placePreposition, Optional<String> relationship) {

    public LifeEvent {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(year, "year");
        names = List.copyOf(names);
        Objects.requireNonNull(place, "place");
        Objects.requireNonNull(placePreposition, "placePreposition");
        Objects.requireNonNull(relationship, "relationship");
    }

    /** JSON-friendly form: absent fields are left out. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("kind", kind.name().toLowerCase(Locale.ROOT));
        year.ifPresent(y -> map.put("year", y));
        map.put("names", names);
        place.ifPresent(p -> map.put("place", p));
        place.ifPresent(p -> map.put("place_preposition", placePreposition));
        relationship.ifPresent(r -> map.put("relationship", r));
        return map;
    }
}
