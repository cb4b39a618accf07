package dev.parley.domain.limit;

/**
 * The longest value Parley accepts for each kind of stored field. This is the one definition: every input check
 * (webhooks, operator API, use cases) reads it, and the schema is held to it ({@code adapter.persistence.SchemaLimits}
 * widens any column that is narrower at start-up, and a test fails when a column and its limit disagree).
 *
 * <p>Short fields are measured in UTF-16 code units ({@link String#length()}), as H2 measures {@code varchar(n)};
 * PostgreSQL counts code points, which are never more, so a value that passes fits both. Message text is measured
 * in Unicode code points, so an emoji counts once; its columns hold two code units for each.
 */
public enum FieldLimit {
    /** A provider's message id (webhook {@code id}, Twilio {@code MessageSid}) and {@code reply_to}. */
    PROVIDER_ID(255, Measure.CHARS),
    /** A phone number, user id or other channel address ({@code from}, {@code to}). */
    ADDRESS(255, Measure.CHARS),
    /** A conversation key ({@code conversation}, else the sender's address). */
    CONVERSATION_KEY(255, Measure.CHARS),
    /** A sender's display name ({@code sender_name}, Twilio {@code ProfileName}), a group chat's title. */
    DISPLAY_NAME(255, Measure.CHARS),
    /** A user's handle in a chat (a Telegram username, without the {@code @}), or the user id a mention names. */
    HANDLE(64, Measure.CHARS),
    /**
     * A group message's details as stored (thread, handles, mentions, group title, the snapshot of the message it
     * answers), written as JSON. Each part has its own limit; this bounds what they add up to.
     */
    CHAT_DETAILS(262_144, Measure.CHARS),
    /** A person's name as typed on a form (a buyer's name on the web opt-in). */
    PERSON_NAME(100, Measure.CHARS),
    /** An e-mail address. */
    EMAIL(255, Measure.CHARS),
    /** One part of a buyer's need: a location, a use, a timing, one feature. */
    CRITERION(100, Measure.CHARS),
    /** A buyer's whole need as stored (every criterion and feature), written as JSON. */
    BUYER_NEED(8_000, Measure.CHARS),
    /** A playbook name. */
    PLAYBOOK(64, Measure.CHARS),
    /** A state of a playbook ({@code resume_state}). */
    STATE(64, Measure.CHARS),
    /** The name of an external event or trigger. */
    EVENT_NAME(64, Measure.CHARS),
    /** Who acted: an operator's name or {@code system}. */
    ACTOR(255, Measure.CHARS),
    /** An operator's note (unblock), kept as the contact's status reason. */
    NOTE(1000, Measure.CHARS),
    /** The JSON detail of a timeline event or audit record, e.g. an external event's name and data. */
    EVENT_DETAIL(8000, Measure.CHARS),
    /** Message text, inbound and outbound: one limit for every channel. */
    MESSAGE_TEXT(16_000, Measure.CODE_POINTS);

    /** How a value's length is counted. */
    public enum Measure {
        CHARS("characters"), CODE_POINTS("characters (Unicode code points)");

        private final String unit;

        Measure(String unit) {
            this.unit = unit;
        }
    }

    private final int max;
    private final Measure measure;

    FieldLimit(int max, Measure measure) {
        this.max = max;
        this.measure = measure;
    }

    public int max() {
        return max;
    }

    /** True when {@code value} (null counts as absent) is within the limit. */
    public boolean admits(String value) {
        if (value == null) return true;
        if (value.length() <= max) return true;
        // A code point takes one or two chars: past 2 * max chars it cannot fit, and counting stays bounded.
        return measure == Measure.CODE_POINTS && value.length() <= 2L * max
                && value.codePointCount(0, value.length()) <= max;
    }

    /** The column size, in {@code varchar} characters, that holds every admitted value. */
    public int columnLength() {
        return measure == Measure.CODE_POINTS ? 2 * max : max;
    }

    /** For error details: "longer than 255 characters". */
    public String describe() {
        return "longer than " + max + " " + measure.unit;
    }
}
