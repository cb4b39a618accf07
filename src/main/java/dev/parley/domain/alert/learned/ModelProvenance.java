package dev.parley.domain.alert.learned;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a set of heads was made, kept beside the weights: the command, the SHA-256 of every data file, the
 * cross-validation settings, how many rows of each source it learnt from, the SHA-256 of those rows (texts,
 * sources, kinds, in order), of the vectors of a fixed sample of them (about 1 row in 128, by text hash) and of the
 * heads the same trainer fits on that sample alone, so a test can check that the data still gives these rows, the
 * embedder these vectors and the trainer these fits without embedding every row.
 * Retraining with the same data gives the same file.
 */
public record ModelProvenance(String command, Map<String, String> dataSha256, int folds, double l2,
                              Map<String, Long> rowsPerSource, String rowsSha256, String vectorSampleSha256,
                              String canarySha256) {
    public ModelProvenance {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(rowsSha256, "rowsSha256");
        Objects.requireNonNull(vectorSampleSha256, "vectorSampleSha256");
        Objects.requireNonNull(canarySha256, "canarySha256");
        dataSha256 = Collections.unmodifiableMap(new LinkedHashMap<>(dataSha256));
        rowsPerSource = Collections.unmodifiableMap(new LinkedHashMap<>(rowsPerSource));
    }
}
