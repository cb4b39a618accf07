package dev.parley.domain.chimein.context;

/** Chooses which earlier messages a mention is about. Pure and deterministic: same query, same selection. */
public interface ContextStrategy {

    /** The name operators and the CLI use ({@code default}, {@code seed}, {@code last5}). */
    String name();

    /** How many messages before the mention it wants in {@link ContextQuery#recent()}. */
    int lookback();

    ContextSelection select(ContextQuery query);
}
