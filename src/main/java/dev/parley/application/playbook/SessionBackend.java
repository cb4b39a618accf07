package dev.parley.application.playbook;

/**
 * What a {@link ConversationSession} stands on: the reads its decider may make, where its {@link Effect}s go, and how
 * its slow calls are made. Two kinds (docs/decisions/0021-pipeline-stages.md): at Prepare, reads of a snapshot outside
 * any transaction, effects noted but not written, slow calls made (and remembered); at Commit, the unit of work's
 * transaction, effects written, slow calls answered only from what Prepare remembered.
 */
public interface SessionBackend extends ConversationReads, EffectSink {

    /** How this session's slow calls (models, embeddings, tools, random draws) are made. */
    SlowCalls slow();
}
