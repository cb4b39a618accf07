package dev.parley.domain.outreach;

/**
 * Port: decides the {@link Intent} of an incoming reply. Implementations may be rule-based
 * ({@link RuleBasedIntentClassifier}) or call a model; they must never throw for odd input and
 * should answer {@link Intent#UNCLEAR} when unsure, which routes the conversation to a human.
 */
public interface IntentClassifier {

    ClassifiedIntent classify(String replyText);
}
