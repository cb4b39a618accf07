package dev.parley.application.pipeline;

import dev.parley.application.stage.SnapshotBackend;
import dev.parley.application.store.Store;
import java.time.Instant;

/**
 * One unit of work on a conversation, run as stages by {@link StageRunner} (docs/decisions/0021-pipeline-stages.md):
 * Prepare, with no transaction open, runs the decider on a snapshot so that every slow call it makes (models,
 * embeddings, external tools) is made there; Decide and Commit then run it again inside one short transaction, where
 * those calls are only recalled and its {@link dev.parley.application.playbook.Effect}s are written.
 */
public interface UnitOfWork<R> {

    /**
     * Prepare: runs the decider on {@code preparing.snapshot()} (a dry run: reads outside any transaction, effects only
     * noted). Best effort: whatever it misses, the Commit stage asks for. Nothing here may write.
     */
    void prepare(Preparing preparing);

    /**
     * Decide and Commit, in {@code store}'s transaction: sessions stand on {@code committing.backend()}, whose slow
     * calls are only recalled. Throws {@link ConversationChanged} when the conversation changed since Prepare read it.
     */
    R commit(Store store, Committing committing);

    /** A unit of work of {@code prepare} and {@code commit}. */
    static <R> UnitOfWork<R> of(java.util.function.Consumer<Preparing> prepare,
                                java.util.function.BiFunction<Store, Committing, R> commit) {
        return new UnitOfWork<>() {
            @Override
            public void prepare(Preparing preparing) {
                prepare.accept(preparing);
            }

            @Override
            public R commit(Store store, Committing committing) {
                return commit.apply(store, committing);
            }
        };
    }

    /** A unit of work with no decider (nothing slow to prepare): its commit, then the after-commit stage. */
    static <R> UnitOfWork<R> committing(java.util.function.BiFunction<Store, Committing, R> commit) {
        return of(preparing -> { }, commit);
    }

    /**
     * What Prepare runs on. {@code attempt}: 1 for the first, more after a change or a missed call.
     * {@link #dryRun(String)} says whether the decider is worth a dry run.
     */
    record Preparing(SnapshotBackend snapshot, Instant now, int attempt,
                     java.util.function.Predicate<String> dryRuns) {

        /**
         * Whether to dry-run {@code decider} (e.g. a playbook's name): yes, unless its recent units made no slow call
         * at all (then the Commit stage decides at once, and asks for a preparation if it needs one after all).
         * Without a dry run the unit reads no snapshot, and its Commit stage checks no version.
         */
        public boolean dryRun(String decider) {
            return dryRuns.test(decider);
        }
    }

    /** The conversation changed between Prepare and Commit (an operator replied, a job fired): prepare again. */
    final class ConversationChanged extends RuntimeException {
        public ConversationChanged(String what) {
            super(what, null, false, false);
        }
    }
}
