package dev.parley.application.operator;

/**
 * What the console offers operators of seed 002: release a held message, reveal a summarised one's original (both
 * audited), and check a reply before sending it (the rewrite beside the original).
 */
public record SafetyControls(ReleaseFilteredMessage release, RevealOriginal reveal, CheckOutgoing check) {
}
