package dev.parley.bootstrap.demo;

import java.util.List;
import java.util.Random;

/**
 * How one person of the demo answers an outreach message: a kind (what they will eventually say), how many friendly
 * replies come first, and the words, chosen from {@link DemoTexts}. The pipeline decides what each reply means: the
 * persona only decides whether to write again, after seeing the conversation's state.
 */
final class Persona {
    enum Kind {
        // weights in tenths of a percent: about 1.5 % of people end in a critical alert, 3 % in an unclear reply
        NO_REPLY(170), PRODUCTIVE(470), HIGH_VALUE(40), DECLINE(80), POLITE(40), NEUTRAL(30), STOP(40),
        STOP_CRITICAL(6), NEGATIVE(20), UNCLEAR(30), SELF_HARM(2), THREATS(5), LEGAL(2), IDIOM(65);

        final int weight;

        Kind(int weight) {
            this.weight = weight;
        }

        static Kind random(Random random) {
            int total = 0;
            for (var k : values()) total += k.weight;
            int n = random.nextInt(total);
            for (var k : values()) {
                n -= k.weight;
                if (n < 0) return k;
            }
            throw new AssertionError();
        }

        /** A kind whose last reply stops automation, for a human to decide. */
        boolean critical() {
            return this == SELF_HARM || this == THREATS || this == LEGAL || this == STOP_CRITICAL;
        }
    }

    final Kind kind;
    final DemoTexts.Person person;
    private final int friendly;
    private final int data;
    private final boolean allAtOnce;
    private int sent;

    private Persona(Kind kind, DemoTexts.Person person, int friendly, int data, boolean allAtOnce) {
        this.kind = kind;
        this.person = person;
        this.friendly = friendly;
        this.data = data;
        this.allAtOnce = allAtOnce;
    }

    /** The {@code i}-th data reply: everything at once, or names, then year, then place. */
    private String fact(int i, Random random) {
        if (allAtOnce) return DemoTexts.pick(DemoTexts.DATA, person, random);
        return DemoTexts.pick(DemoTexts.FACTS.get(Math.min(i, DemoTexts.FACTS.size() - 1)), person, random);
    }

    /** {@code rounds}: the mean number of friendly replies of a productive person (it sets the conversations' length). */
    static Persona random(Random random, double rounds) {
        var kind = Kind.random(random);
        int friendly = kind == Kind.NO_REPLY ? 0 : switch (kind) {
            case PRODUCTIVE, HIGH_VALUE, IDIOM -> geometric(random, rounds);
            case SELF_HARM, THREATS, LEGAL, UNCLEAR -> random.nextInt(3);
            default -> 0;
        };
        int data = switch (kind) {
            case PRODUCTIVE, HIGH_VALUE, IDIOM -> 1 + random.nextInt(3);
            default -> 0;
        };
        boolean allAtOnce = random.nextInt(10) < 3;
        return new Persona(kind, DemoTexts.Person.random(random), friendly, allAtOnce ? 1 : data, allAtOnce);
    }

    private static int geometric(Random random, double mean) {
        if (mean <= 0) return 0;
        double p = 1 / (mean + 1);
        return (int) Math.floor(Math.log(1 - random.nextDouble()) / Math.log(1 - p));
    }

    /**
     * The next message, or null when this person writes no more: after friendly replies, the data or the words that
     * make the kind; a person writes only while the conversation waits for them (AwaitingReply), and may add one
     * last thank-you after a conclusion.
     */
    String next(String state, Random random) {
        if (kind == Kind.NO_REPLY) return null;
        boolean waited = "AwaitingReply".equals(state);
        if (!waited) {
            if ("Conclusion".equals(state) && sent > 0 && sent < 8 && random.nextInt(3) == 0
                    && (kind == Kind.PRODUCTIVE || kind == Kind.HIGH_VALUE || kind == Kind.IDIOM)) {
                sent = 99;
                return DemoTexts.pick(DemoTexts.THANKS, person, random);
            }
            return null;
        }
        int n = sent++;
        if (n < friendly) return DemoTexts.pick(n == 0 ? DemoTexts.FIRST_REPLIES : DemoTexts.CHAT, person, random);
        int step = n - friendly;
        return switch (kind) {
            case PRODUCTIVE -> step < data ? fact(step, random) : null;
            case HIGH_VALUE -> step == 0 ? DemoTexts.pick(DemoTexts.HIGH_VALUE, person, random)
                    : step <= data ? fact(step - 1, random) : null;
            case IDIOM -> step == 0 ? DemoTexts.pick(DemoTexts.IDIOMS, person, random)
                    : step <= data ? fact(step - 1, random) : null;
            case DECLINE -> step == 0 ? DemoTexts.pick(DemoTexts.DECLINE, person, random) : null;
            case POLITE -> step == 0 ? DemoTexts.pick(DemoTexts.POLITE, person, random) : null;
            case NEUTRAL -> step == 0 ? DemoTexts.pick(DemoTexts.NEUTRAL, person, random) : null;
            case STOP -> step == 0 ? DemoTexts.pick(DemoTexts.STOP, person, random) : null;
            case STOP_CRITICAL -> step == 0 ? DemoTexts.pick(DemoTexts.STOP_CRITICAL, person, random) : null;
            case NEGATIVE -> step == 0 ? DemoTexts.pick(DemoTexts.NEGATIVE, person, random) : null;
            case UNCLEAR -> step == 0 ? DemoTexts.pick(DemoTexts.UNCLEAR, person, random) : null;
            case SELF_HARM -> step == 0 ? DemoTexts.pick(DemoTexts.SELF_HARM, person, random) : null;
            case THREATS -> step == 0 ? DemoTexts.pick(DemoTexts.THREATS, person, random) : null;
            case LEGAL -> step == 0 ? DemoTexts.pick(DemoTexts.LEGAL, person, random) : null;
            case NO_REPLY -> null;
        };
    }

    /** How an operator resolves this person's HumanReview after looking at it. */
    String resumeState() {
        return switch (kind) {
            case THREATS, LEGAL, STOP_CRITICAL -> "Desist";
            case SELF_HARM -> "Conclusion";
            default -> "AwaitingReply";
        };
    }

    String unblockNote() {
        return switch (kind) {
            case SELF_HARM -> "Called them; they are talking to someone. No further outreach.";
            case THREATS, LEGAL, STOP_CRITICAL -> "Read the thread: they do not want contact. Marked desist.";
            default -> "Read their reply: it is a yes. Resuming.";
        };
    }

    static List<String> operators() {
        return DemoTexts.OPERATORS;
    }
}
