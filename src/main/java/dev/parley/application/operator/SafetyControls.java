package dev.parley.application.operator;

/**
 * What the console offers operators of seed 002: release a held message, reveal a summarised one's original (both
 * audited), check a reply before sending it (the rewrite beside the original), edit {@code safety.json}, and set a
 * contact's own time zone for quiet hours (audited; null where the console has none to offer).
 */
public record SafetyControls(ReleaseFilteredMessage release, RevealOriginal reveal, CheckOutgoing check,
                             dev.parley.application.safety.SafetyPolicyDocument policy, SetContactTimeZone timeZone) {

    public SafetyControls(ReleaseFilteredMessage release, RevealOriginal reveal, CheckOutgoing check,
                          dev.parley.application.safety.SafetyPolicyDocument policy) {
        this(release, reveal, check, policy, null);
    }
}
