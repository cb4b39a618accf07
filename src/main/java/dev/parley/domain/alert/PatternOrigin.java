package dev.parley.domain.alert;

/**
 * Where a pattern comes from: the seed's own lists, or an addition made by Parley.
 *
 * <p>The seed-raw comparison mode applies only {@link #SEED} patterns, so figures for "the seed"
 * stay the seed's even when Parley's default file carries extra patterns.
 */
public enum PatternOrigin {
    SEED,
    PARLEY
}
