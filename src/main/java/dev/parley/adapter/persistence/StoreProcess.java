package dev.parley.adapter.persistence;

/**
 * This process as the store knows it: its id in {@code parley_processes} (0 on a store one process owns) and what it
 * has seen of the other processes that left rows SENDING ({@link AbsentClaimants}; null where no other process can).
 */
record StoreProcess(long id, AbsentClaimants absent) {
    static final StoreProcess SOLE = new StoreProcess(0, null);
}
