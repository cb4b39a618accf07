package dev.parley.domain.buyer;

/**
 * What an outgoing buyer SMS is, for the Gatekeeper's length limit and context checks (seed 003): the first message
 * and match results may be 800 characters, follow-ups 320; a commitment message must carry the guarantee link, a
 * tour message a link or scheduling language, an escalation wait message a time commitment.
 */
public enum SmsKind {
    FIRST(800), RESULTS(800), FOLLOW_UP(320), COMMITMENT(320), TOUR(320), ESCALATION_WAIT(320);

    public static final int LONG_LIMIT = 800;
    public static final int SHORT_LIMIT = 320;

    private final int limit;

    SmsKind(int limit) {
        this.limit = limit;
    }

    public int limit() {
        return limit;
    }
}
