package dev.parley.application.alerts.training;

import java.util.Objects;

/**
 * One row the heads learn from or are measured on: its text, source, the group that keeps related rows in one
 * cross-validation fold (the post it was cut from, or the text itself so duplicates stay together), whether the
 * self-harm weak labeller found an explicit cue in it, and its kind. SMS, tweets and IRC lines are whole
 * {@code MESSAGE}s; a Reddit post is its first {@link ShortText#POST_CHARACTERS} characters (a {@code MESSAGE}), its
 * first sentence ({@code FIRST_SENTENCE}: the short-text proxy the figures also report) and, for the self-harm
 * head only, the sentences of a r/SuicideWatch post that state intent or self-harm in so many words
 * ({@code CUE_WINDOW}: learnt from, never measured).
 */
public record TrainingRow(String text, DevSource source, String group, boolean explicitSelfHarm, Kind kind) {

    /** What a row stands for. */
    public enum Kind { MESSAGE, FIRST_SENTENCE, CUE_WINDOW }

    public TrainingRow {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
    }

    /** False-alarm rates, recall and thresholds are measured on whole messages only. */
    public boolean measured() {
        return kind == Kind.MESSAGE;
    }
}
