package dev.parley.domain.buyer;

import java.time.Instant;

/** A question the team answered in this conversation ({@code answered_questions}). */
public record AnsweredQuestion(String question, String answer, long propertyId, String fieldKey, Instant answeredAt) {
}
