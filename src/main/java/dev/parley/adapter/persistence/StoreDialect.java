package dev.parley.adapter.persistence;

/**
 * The database under the Hibernate store, for the few things that differ: on H2 one Parley process owns the store,
 * so its in-process coordination is enough; on PostgreSQL several processes share it (docs/team.md), and work is
 * claimed with row locks and advisory locks that PostgreSQL releases itself when a transaction or a process ends.
 */
enum StoreDialect {
    H2,
    POSTGRESQL;

    /** PostgreSQL advisory lock classes of Parley (the first key of the two-key form), one per kind of hold. */
    static final int LOCK_LANE = 0x504C4E45;
    static final int LOCK_INSTANCE = 0x50494E53;
    /** Held (key 0) while a process migrates the schema, so that processes starting together migrate one by one. */
    static final int LOCK_MIGRATION = 0x504D4947;

    static StoreDialect of(String jdbcUrl) {
        return Database.isPostgres(jdbcUrl) ? POSTGRESQL : H2;
    }

    /** Whether other Parley processes may work on the same store at the same time. */
    boolean shared() {
        return this == POSTGRESQL;
    }

    /** The second key of a conversation lane's advisory lock: the same in every process (String.hashCode is fixed). */
    static int laneKey(String channel, String conversationKey) {
        return (channel + '\u0000' + conversationKey).hashCode();
    }
}
