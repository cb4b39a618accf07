package dev.parley.domain.buyer;

import java.util.List;

/**
 * The Criteria Agent's output (seed 003's {@code CriteriaPlan}): JSON only, never SMS text.
 *
 * @param criteria the criteria this message states or changes (merged into the conversation's by the orchestrator)
 * @param askedFields Field Catalog keys the buyer asks about, for the Detail Fetcher
 * @param listingId the presented match the plan is about, when the agent settled an ambiguous reference
 */
public record CriteriaPlan(Intent intent, PlanAction action, Criteria criteria, String buyerName,
                           List<String> askedFields, Long listingId) {
    public CriteriaPlan {
        criteria = criteria == null ? Criteria.EMPTY : criteria;
        askedFields = askedFields == null ? List.of() : List.copyOf(askedFields);
    }
}
