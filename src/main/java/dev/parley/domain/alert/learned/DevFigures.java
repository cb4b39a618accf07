package dev.parley.domain.alert.learned;

import java.util.Objects;

/**
 * What a head scored on the dev data when it was trained; {@code positives} says which rows it should catch.
 * {@code critical}, {@code review} and {@code rocAuc} are <b>out of source</b>: every score comes from a model that
 * never saw the row's data set (or, for the one data set that holds all of a head's positives, its fold), and each
 * ordinary source's false-alarm rate is taken at thresholds chosen without that source's scores.
 * {@code firstSentenceCritical}/{@code Review} are the same on the first sentence of each Reddit post (a proxy for
 * short texts; null for a head measured on no posts). {@code inSampleCritical}/{@code Review} are the shipped
 * head's figures on its own training rows, a second, flattering column.
 */
public record DevFigures(String positives, long positiveRows, TierFigures critical, TierFigures review,
                         double rocAuc, TierFigures firstSentenceCritical, TierFigures firstSentenceReview,
                         TierFigures inSampleCritical, TierFigures inSampleReview) {
    public DevFigures {
        Objects.requireNonNull(positives, "positives");
        Objects.requireNonNull(critical, "critical");
        Objects.requireNonNull(review, "review");
        Objects.requireNonNull(inSampleCritical, "inSampleCritical");
        Objects.requireNonNull(inSampleReview, "inSampleReview");
    }
}
