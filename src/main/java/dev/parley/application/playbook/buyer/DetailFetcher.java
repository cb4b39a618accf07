package dev.parley.application.playbook.buyer;

import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Seed 003's Detail Fetcher (deterministic): cache-first property facts. The asked fields are merged (Criteria
 * Agent fields + the topics' fields); if every one is in the conversation's {@code known_answers} the catalogue is
 * not read at all; otherwise the property's knowledge and listing are read once, found values are formatted (Field
 * Catalog) and cached. It never decides to escalate: it reports each field's outcome.
 */
public final class DetailFetcher {

    public enum Outcome { FOUND, CACHE_HIT, MAPPED_TRUE, MAPPED_FALSE, UNMAPPED }

    /** One field's outcome and, unless UNMAPPED, its formatted value. */
    public record FieldResult(Field field, Outcome outcome, String value) {
    }

    /** {@code DetailFetchResult}: per field, and the values newly found (to persist in known_answers). */
    public record Result(long propertyId, List<FieldResult> fields, Map<String, KnownAnswer> newlyKnown,
                         boolean catalogRead) {
        public boolean allFound() {
            return fields.stream().noneMatch(f -> f.outcome() == Outcome.UNMAPPED);
        }

        public List<FieldResult> unmapped() {
            return fields.stream().filter(f -> f.outcome() == Outcome.UNMAPPED).toList();
        }
    }

    private DetailFetcher() {
    }

    /**
     * @param known this conversation's known answers for the property (field key → answer)
     * @param catalog reads the property's catalogue entry; called at most once, and only on a cache miss
     */
    public static Result fetch(long propertyId, List<Field> askedFields, List<Field> topicFields,
                               Map<String, KnownAnswer> known, Supplier<CatalogEntry> catalog, Instant now) {
        var fields = new LinkedHashSet<Field>(askedFields);
        fields.addAll(topicFields);
        var results = new ArrayList<FieldResult>();
        var newlyKnown = new java.util.LinkedHashMap<String, KnownAnswer>();
        CatalogEntry entry = null;
        boolean read = false;
        for (var field : fields) {
            var cached = known.get(field.key());
            if (cached != null) {
                results.add(new FieldResult(field, Outcome.CACHE_HIT, cached.value()));
                continue;
            }
            if (!read) {
                entry = catalog.get();
                read = true;
            }
            var value = entry == null ? java.util.Optional.<String>empty()
                    : field.format(entry.knowledge(), entry.listing());
            if (value.isEmpty()) {
                results.add(new FieldResult(field, Outcome.UNMAPPED, null));
                continue;
            }
            var outcome = !field.isBoolean() ? Outcome.FOUND
                    : "Yes".equals(value.get()) ? Outcome.MAPPED_TRUE : Outcome.MAPPED_FALSE;
            results.add(new FieldResult(field, outcome, value.get()));
            newlyKnown.put(field.key(), new KnownAnswer(value.get(), "catalog", now));
        }
        return new Result(propertyId, List.copyOf(results), Map.copyOf(newlyKnown), read);
    }
}
