package dev.parley.application.pipeline;

/** Port: tells a background runner that new work was committed, so it need not wait for its next poll. */
@FunctionalInterface
public interface WorkSignal {
    void wake();

    WorkSignal NONE = () -> { };
}
