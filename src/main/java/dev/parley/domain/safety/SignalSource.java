package dev.parley.domain.safety;

/**
 * What a content signal weighs and how it counts: a lexicon entry of {@code safety.json}, or one of the link signals
 * ({@link LinkSignals}). See {@link LexiconEntry} for each property.
 */
interface SignalSource {
    String id();

    double weight();

    int maxTerms();

    RiskLevel floor();

    boolean dropsSentence();

    boolean linkOnly();
}
