package dev.parley.application.playbook;

import java.util.function.Supplier;

/**
 * How a decider's slow or unrepeatable calls are made: a model's answer, a sentence vector, an external tool's result,
 * a random token. At Prepare they are made, with no transaction open, and remembered by {@code kind} and {@code key};
 * at Commit, inside the writer's transaction, they are only recalled: a call Prepare did not make throws
 * {@link Unprepared}, and the unit of work goes back to Prepare (docs/decisions/0021-pipeline-stages.md).
 */
public interface SlowCalls {

    /**
     * The result of the call {@code kind}/{@code key}: {@code work}'s, or the one remembered for it. The key must
     * identify everything the result depends on (a model request's hash, a text).
     */
    <T> T call(String kind, String key, Supplier<T> work);

    /** Calls made at once, remembered nowhere: tools, tests and the console outside the pipeline. */
    SlowCalls DIRECT = new SlowCalls() {
        @Override
        public <T> T call(String kind, String key, Supplier<T> work) {
            return work.get();
        }
    };

    /**
     * No slow call may be made: a decider run inside a transaction that is not a Commit stage of its own (the outbox
     * recording a send, an operator's preview). A call fails with {@link IllegalStateException}.
     */
    SlowCalls FORBIDDEN = new SlowCalls() {
        @Override
        public <T> T call(String kind, String key, Supplier<T> work) {
            throw new IllegalStateException("a " + kind + " call inside a transaction: make it before (Prepare)");
        }
    };

    /**
     * A slow call the Commit stage needed that Prepare did not make: the unit of work goes back to Prepare, which makes
     * this call first ({@link #work}, outside the transaction), then prepares the rest again. An {@link Error}, not an
     * exception: a decider's own {@code catch (RuntimeException e)} (a fallback when an agent fails) must not take it
     * for a failure and decide on; the transaction rolls back and the stage runner alone catches it.
     */
    final class Unprepared extends Error {
        private final String kind;
        private final String key;
        private final transient Supplier<?> work;

        public Unprepared(String kind, String key, Supplier<?> work) {
            super("not prepared: a " + kind + " call", null, false, false);
            this.kind = kind;
            this.key = key;
            this.work = work;
        }

        public String kind() {
            return kind;
        }

        public String key() {
            return key;
        }

        /** The call itself, to make at Prepare. */
        public Supplier<?> work() {
            return work;
        }
    }
}
