package dev.parley.application.alerts.training;

import java.util.Objects;

/**
 * One row the heads learn from or are measured on: its text, source, the group that keeps related rows in one
 * cross-validation fold (the post it was cut from, or the text itself so duplicates stay together), whether the
 * self-harm weak labeller found an explicit cue in it, and its kind. SMS and tweets are whole {@code MESSAGE}s
 * that are both learnt from and measured; a post is measured as one whole message (that is how it would reach
 * Parley) but learnt from only through its short {@code WINDOW}s.
 */
public record TrainingRow(String text, DevSource source, String group, boolean explicitSelfHarm, Kind kind) {

    /** A whole message as it would reach Parley, or a window cut from a post. */
    public enum Kind { MESSAGE, WINDOW }

    public TrainingRow {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
    }

    /** Heads learn from short texts only: SMS, tweets and windows of posts, never a whole post. */
    public boolean learnable() {
        return kind == Kind.WINDOW || !source.post();
    }

    /** False-alarm rates and thresholds are measured on whole messages only. */
    public boolean measured() {
        return kind == Kind.MESSAGE;
    }
}
