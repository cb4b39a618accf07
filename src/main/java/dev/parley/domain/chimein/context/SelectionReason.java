package dev.parley.domain.chimein.context;

import java.util.Locale;

/**
 * Why a message was selected as context. {@code score} is the signal's strength where it has one (similarity:
 * the cosine; addressee and recency: the strategy's score; conversation: the thread model's probability), else 1.
 */
public record SelectionReason(Kind kind, double score) {

    public enum Kind {
        /** The message the mention replies to, fetched by id however old. */
        ANCHOR,
        /** An ancestor of the anchor, or a reply to it, through explicit reply links. */
        REPLY_CHAIN,
        /** Inside the seed's time cluster: no gap above the threshold between it and the mention. */
        TIME_CLUSTER,
        /** Between the mention's author and the people it addresses (or from them). */
        ADDRESSEE,
        /** Close in meaning (cosine of sentence embeddings) to the mention or to selected context. */
        SIMILARITY,
        /** The conversation the mention follows: the latest messages before it. */
        RECENT,
        /** Right next to a selected message that leans on it ("Any thoughts?" after a proposal). */
        CONTINUATION,
        /** Part of the selected conversation by the thread model (score: its probability). */
        CONVERSATION;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    public static SelectionReason of(Kind kind) {
        return new SelectionReason(kind, 1.0);
    }

    /** "similarity 0.62", "anchor". */
    public String describe() {
        return kind == Kind.SIMILARITY || kind == Kind.ADDRESSEE || kind == Kind.CONVERSATION
                ? kind.label() + " " + String.format(Locale.ROOT, "%.2f", score) : kind.label();
    }
}
