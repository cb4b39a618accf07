package dev.parley.application.alerts;

import dev.parley.domain.alert.learned.HeadThresholds;
import java.util.Map;

/** Port: the thresholds an operator chose for the learned heads (category → thresholds), kept across restarts. */
public interface ThresholdStore {

    /** The chosen thresholds; categories never changed are absent (their trained thresholds apply). */
    Map<String, HeadThresholds> load();

    /** Keeps {@code chosen} in place of what was kept. */
    void save(Map<String, HeadThresholds> chosen);
}
