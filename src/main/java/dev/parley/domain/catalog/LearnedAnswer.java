package dev.parley.domain.catalog;

import java.time.Instant;

/**
 * An answer the team gave to a buyer's question through an escalation, kept so the next buyer who asks gets it at
 * once. {@code fieldKey} is set when the question maps to a Field Catalog field; {@code allProperties} when the
 * operator said it holds for every property (a policy), which is what the cross-property cache layer may reuse.
 */
public record LearnedAnswer(long id, Long propertyId, String fieldKey, String question, String answer,
                            boolean allProperties, Long escalationId, String answeredBy, Instant answeredAt) {
}
