package dev.parley.application.playbook;

/** Where {@link Effect}s go: a session's backend, or a session itself (which also keeps them in order). */
public interface EffectSink {

    /** Applies {@code effect}; answers what it made (an id, the rows it changed). */
    <R> R apply(Effect<R> effect);
}
