package dev.parley.application.safety;

import java.util.List;

/**
 * Port: the {@code safety.json} in use, for the console's editor (validate before save, a live test box). Saving
 * applies the new policy from the next message on; its version (a hash of the file) is in every new decision.
 */
public interface SafetyPolicyDocument {

    /** What the policy being edited decides on a sample message, both ways, and its version. */
    record Trial(String policyVersion, String inbound, String outbound, List<String> categories) {
    }

    /** The file in use: the home's {@code safety.json}, else the built-in one. */
    String text();

    /**
     * The edited policy's decisions on {@code sample} (a known contact, no time or frequency rule: the content rules).
     *
     * @throws IllegalArgumentException naming the key or entry that is wrong
     */
    Trial test(String json, String sample);

    /**
     * Checks {@code json}, writes it as the home's {@code safety.json} and applies it; returns the new policy
     * version. Nothing is written when it is invalid.
     *
     * @throws IllegalArgumentException naming the key or entry that is wrong
     */
    String save(String json);
}
