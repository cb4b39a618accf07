package dev.parley.domain.outreach;

/** What a reply means for the outreach conversation (seed 000 "AI Class"). */
public enum Intent {
    /** Engaging: shares family information, asks back, agrees to help. */
    PRODUCTIVE,
    /** Hostile refusal: "leave me alone", "none of your business" (seed 000 diagram: HOSTILE → Desist). */
    NEGATIVE,
    /**
     * Declines without hostility: "not interested", "no thanks", "not really into family history" (seed 000
     * diagram: NOT_INTERESTED → Conclusion).
     */
    NOT_INTERESTED,
    /** Opts out of contact: "stop", "unsubscribe", "don't contact me". */
    STOP,
    /** Acknowledges without engaging: "ok", "noted". */
    NEUTRAL,
    /** Courteous without engaging: "thanks for reaching out". */
    POLITE,
    /** Conflicting signals or nothing recognisable: a human should look. */
    UNCLEAR
}
