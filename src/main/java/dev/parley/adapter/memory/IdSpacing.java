package dev.parley.adapter.memory;

/**
 * Which ids a store issues: {@code first}, {@code first + step}, {@code first + 2·step}, … A single store takes them
 * all (1, 2, 3, …); the stores of {@code step} shards of one simulation take one residue each, so their rows can be
 * copied into one database, ids and references as they are, without clashing.
 */
record IdSpacing(int first, int step) {
    static final IdSpacing ALL = new IdSpacing(1, 1);

    IdSpacing {
        if (step < 1 || first < 1 || first > step) throw new IllegalArgumentException("ids " + first + " every " + step);
    }

    /** The {@code n}-th id (from 1). */
    long id(long n) {
        return first + (n - 1) * step;
    }

    /** Where id {@code id} lives in a table's dense list, or -1 when this store never issues it. */
    long index(long id) {
        long offset = id - first;
        return offset < 0 || offset % step != 0 ? -1 : offset / step;
    }
}
