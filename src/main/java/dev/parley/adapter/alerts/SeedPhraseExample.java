package dev.parley.adapter.alerts;

/** A clear, intended use of one phrase the seed lists, and the pattern that must catch it. */
public record SeedPhraseExample(String patternId, String phrase, String sentence) {
}
