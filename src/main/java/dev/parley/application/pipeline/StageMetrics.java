package dev.parley.application.pipeline;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the stages since start: dry runs made, units prepared again because their conversation changed or
 * their Commit stage needed a slow call the dry run had not made, and units given up after too many preparations.
 */
public final class StageMetrics {
    public final LongAdder prepared = new LongAdder();
    public final LongAdder changed = new LongAdder();
    public final LongAdder missed = new LongAdder();
    public final LongAdder exhausted = new LongAdder();
}
