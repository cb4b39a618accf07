package dev.parley.bootstrap.launch;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyConfig;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.persistence.Database;
import dev.parley.bootstrap.demo.PipelineDemo;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench console} runs end to end on a small demo store and reports every figure; no timing is asserted. */
class ConsoleBenchmarkTest {
    @TempDir Path home;

    @Test
    @SuppressWarnings("unchecked")
    void reportsWholeStoreSortsAndSearchesWithRatiosToTheBaselineOfTheSameRun() throws Exception {
        var config = ParleyConfig.load(home, Map.of(), Map.of(), new SecureRandom());
        try (var database = Database.open(config.get(ConfigKey.DB_URL), config.get(ConfigKey.DB_USER),
                config.get(ConfigKey.DB_PASSWORD), 2)) {
            PipelineDemo.generate(database.dataSource(), 60, 10, 3, Instant.now());
        }

        var figures = new ConsoleBenchmark(config, 3).run();

        var whole = (Map<String, Object>) figures.get("whole_store");
        assertThat(whole).containsKeys("baseline_all_newest_first_page", "all_conversations",
                "human_review_first_page", "opportunities_first_page", "search_all_conversations");
        var baseline = (Map<String, Object>) whole.get("baseline_all_newest_first_page");
        assertThat(baseline).containsEntry("p50_x_baseline", 1.0).containsEntry("p99_x_baseline", 1.0);
        var sorts = (Map<String, Object>) whole.get("all_conversations");
        assertThat(sorts).containsKeys("oldest", "newest", "severity");
        var bySeverity = (Map<String, Object>) ((Map<String, Object>) sorts.get("severity")).get("first_page");
        assertThat(bySeverity).containsKeys("p50_ms", "p99_ms", "p50_x_baseline", "p99_x_baseline");
        assertThat((Double) bySeverity.get("p50_x_baseline")).isPositive();
        var searches = (Map<String, Object>) whole.get("search_all_conversations");
        assertThat(searches.keySet()).containsAll(ConsoleBenchmark.SEARCHES).contains("all_queries");
        assertThat((Map<String, Object>) searches.get("all_queries")).containsKeys("p50_x_baseline", "p99_x_baseline")
                .containsEntry("runs", 3 * ConsoleBenchmark.SEARCHES.size());
        // a search that matches nothing finds nothing: the figures are of real queries on this store
        assertThat((Map<String, Object>) searches.get("zzqx")).containsEntry("rows", 0);
    }

    @Test
    void ratiosAreAddedToEverySummaryAtAnyDepth() {
        var inner = new LinkedHashMap<String, Object>(Map.of("p50_ms", 6.0, "p99_ms", 30.0));
        var figures = new LinkedHashMap<String, Object>();
        figures.put("nested", new LinkedHashMap<String, Object>(Map.of("deeper", inner)));
        figures.put("rows", 3);

        ConsoleBenchmark.versus(figures, 2.0, 10.0);

        assertThat(inner).containsEntry("p50_x_baseline", 3.0).containsEntry("p99_x_baseline", 3.0);
        assertThat(figures).containsEntry("rows", 3);
    }
}
