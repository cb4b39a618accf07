package dev.parley.domain.alert;

/**
 * One occurrence of a term in the text a {@link TermFinder} searched: the term (normalised) and its
 * span {@code [start, end)} in that text.
 */
public record TermHit(String term, int start, int end) {
    /** True when this hit lies inside {@code outer}. */
    public boolean isInside(TermHit outer) {
        return outer.start <= start && end <= outer.end;
    }
}
