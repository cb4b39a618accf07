package dev.parley.application.operator;

/**
 * What the console offers operators of seed 002: release a held message, reveal a summarised one's original (both
 * audited), check a reply before sending it (the rewrite beside the original), and edit {@code safety.json}.
 */
public record SafetyControls(ReleaseFilteredMessage release, RevealOriginal reveal, CheckOutgoing check,
                             dev.parley.application.safety.SafetyPolicyDocument policy) {
}
