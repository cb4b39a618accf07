package dev.parley.domain.alert;

import java.util.Optional;

/**
 * Port for seed 000 §3.1 condition 2: a language model explicitly flags a message as harmful,
 * threatening or legally sensitive. The caller treats a flag like a CRITICAL match.
 */
public interface AiSafetyFlag {

    /** A short reason when the message is flagged, otherwise empty. Must not log the text. */
    Optional<String> flag(String text);
}
