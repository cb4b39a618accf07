package dev.parley.application.alerts.training;

import java.util.Objects;

/** One labelled text as read from a data file: a whole SMS, tweet or post, and the line it starts on. */
public record SourceText(DevSource source, long line, String text) {
    public SourceText {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(text, "text");
    }
}
