package dev.parley.domain.alert.learned;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a set of heads was made, kept beside the weights: the command, the SHA-256 of every data file, the
 * cross-validation settings and how many rows of each source it learnt from. Retraining with the same data gives
 * the same file.
 */
public record ModelProvenance(String command, Map<String, String> dataSha256, int folds, double l2,
                              Map<String, Long> rowsPerSource) {
    public ModelProvenance {
        Objects.requireNonNull(command, "command");
        dataSha256 = Collections.unmodifiableMap(new LinkedHashMap<>(dataSha256));
        rowsPerSource = Collections.unmodifiableMap(new LinkedHashMap<>(rowsPerSource));
    }
}
