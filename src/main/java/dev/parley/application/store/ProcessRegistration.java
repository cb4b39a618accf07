package dev.parley.application.store;

/**
 * Whether this process is registered with its store at this moment. On a store several processes share (team mode,
 * docs/team.md) the others judge a row this process claimed (an outbox row it is sending) by whether this process
 * still runs, and they learn that from its registration; while the registration is lost (its connection dropped) they
 * may come to take it for gone, so a process that is not registered claims nothing new and sends nothing it claimed,
 * until it is registered again. A store one process owns never loses it ({@link #SOLE}).
 */
public interface ProcessRegistration {
    /** A store no other process shares: always registered. */
    ProcessRegistration SOLE = () -> true;

    boolean registered();
}
