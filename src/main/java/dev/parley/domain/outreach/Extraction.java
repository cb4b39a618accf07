package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Genealogical facts found in one reply (or, via {@link #plus}, a whole conversation).
 * Lists keep first-mention order and hold no duplicates.
 *
 * @param names         person names as written, e.g. {@code Mary O'Brien}
 * @param dates         full or partial dates as written, e.g. {@code 12 March 1911}, {@code June 1890}
 * @param years         every year 1600-2029 mentioned, including those inside dates
 * @param places        place names after "in", "from", "near", "at", e.g. {@code County Cork}
 * @param relationships lower-case, hyphenated: {@code great-grandfather}, {@code cousin}
 * @param documents     lower-case document mentions: {@code family bible}, {@code marriage certificate}
 * @param photos        lower-case photo mentions: {@code photo}, {@code daguerreotype}
 * @param events        life events with their sentence context
 * @param copyOffered   whether the writer offered to send, scan or attach something
 */
public record Extraction(
        List<String> names, List<String> dates, List<Integer> years, List<String> places,
        List<String> relationships, List<String> documents, List<String> photos, List<LifeEvent> events,
        boolean copyOffered) {

    public Extraction {
        names = distinct(names);
        dates = distinct(dates);
        years = distinct(years);
        places = distinct(places);
        relationships = distinct(relationships);
        documents = distinct(documents);
        photos = distinct(photos);
        events = distinct(events);
    }

    public static Extraction empty() {
        return new Extraction(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), false);
    }

    /**
     * Whether there is anything worth structuring (the outreach {@code has_entities} guard):
     * a name, date, year, place, document or photo. A bare relationship word ("my grandmother")
     * is not enough on its own.
     */
    public boolean hasEntities() {
        return !names.isEmpty() || !dates.isEmpty() || !years.isEmpty() || !places.isEmpty()
                || !documents.isEmpty() || !photos.isEmpty();
    }

    /** What is known after both replies; used to accumulate knowledge over a conversation. */
    public Extraction plus(Extraction later) {
        return new Extraction(concat(names, later.names), concat(dates, later.dates), concat(years, later.years),
                concat(places, later.places), concat(relationships, later.relationships),
                concat(documents, later.documents), concat(photos, later.photos), concat(events, later.events),
                copyOffered || later.copyOffered);
    }

    /** JSON-friendly form (snake_case keys, plain lists and maps). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("names", names);
        map.put("dates", dates);
        map.put("years", years);
        map.put("places", places);
        map.put("relationships", relationships);
        map.put("documents", documents);
        map.put("photos", photos);
        map.put("events", events.stream().map(LifeEvent::toMap).toList());
        map.put("copy_offered", copyOffered);
        return map;
    }

    private static <T> List<T> distinct(List<T> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
