package dev.parley.bootstrap.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.testing.PostgresCluster;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code parley bench ingest --db}: real {@code parley serve} processes on the test PostgreSQL and one on H2, a tiny
 * batch; every figure is reported and the databases the runs created are gone afterwards. No timing is asserted.
 */
class TeamIngestBenchmarkTest {
    @Test
    void twoProcessesOnPostgresBesideOneOnH2ReportEveryFigureAndLeaveNoDatabaseBehind() throws Exception {
        var cluster = PostgresCluster.shared();
        var url = cluster.newEmptyDatabase();
        var figures = TeamIngestBenchmark.run(new TeamIngestBenchmark.Options(url, PostgresCluster.SUPERUSER,
                PostgresCluster.PASSWORD, List.of(2), 60, 4));
        System.out.println("team ingest bench: " + figures);

        assertThat(figures).containsEntry("messages", 60).containsEntry("clients", 4);
        @SuppressWarnings("unchecked") var h2 = (Map<String, Object>) figures.get("h2");
        assertThat(h2).containsEntry("processes", 1);
        positive(h2, "msgs_per_s", "ingest_rps", "p50_ms", "p99_ms");
        @SuppressWarnings("unchecked") var runs = (List<Map<String, Object>>) figures.get("postgresql");
        assertThat(runs).hasSize(1);
        assertThat(runs.getFirst()).containsEntry("processes", 2).containsEntry("msgs_per_s_vs_first", 1.0);
        positive(runs.getFirst(), "msgs_per_s", "ingest_rps", "p50_ms", "p99_ms", "msgs_per_s_vs_h2", "p99_vs_h2");
        assertThat((Double) runs.getFirst().get("p50_ms")).isLessThanOrEqualTo((Double) runs.getFirst().get("p99_ms"));

        try (var c = DriverManager.getConnection(cluster.url("postgres"), PostgresCluster.SUPERUSER,
                PostgresCluster.PASSWORD);
             var rs = c.createStatement().executeQuery(
                     "select count(*) from pg_database where datname like 'parley_bench_%'")) {
            rs.next();
            assertThat(rs.getInt(1)).as("bench databases left behind").isZero();
        }
    }

    @Test
    void aDatabaseUrlKeepsItsParametersWhenTheDatabaseIsReplaced() {
        assertThat(TeamIngestBenchmark.withDatabase("jdbc:postgresql://db.example:5432/parley?sslmode=require",
                "parley_bench_1")).isEqualTo("jdbc:postgresql://db.example:5432/parley_bench_1?sslmode=require");
        assertThat(TeamIngestBenchmark.accepts("jdbc:postgresql://db.example/parley")).isTrue();
        assertThat(TeamIngestBenchmark.accepts("jdbc:h2:file:/tmp/x")).isFalse();
    }

    private static void positive(Map<String, Object> figures, String... keys) {
        for (var key : keys) {
            assertThat(figures.get(key)).as(key).isInstanceOfSatisfying(Double.class, v -> assertThat(v).isPositive());
        }
    }
}
