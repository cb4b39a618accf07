package dev.parley.application.operator;

/** The conversation is claimed by another operator: the action needs their consent (or an explicit take-over). */
public final class ClaimedByOtherException extends ConflictException {
    private final String holder;

    public ClaimedByOtherException(long conversationId, String holder) {
        super("conversation " + conversationId + " is claimed by " + holder);
        this.holder = holder;
    }

    public String holder() {
        return holder;
    }
}
