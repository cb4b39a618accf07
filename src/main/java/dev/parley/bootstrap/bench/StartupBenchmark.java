package dev.parley.bootstrap.bench;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code parley bench startup} (issue 37): {@code parley serve} started N times as a process of its own on a fresh
 * empty home and an ephemeral port, each timed from the process's launch to the first {@code /health} 200; the
 * phases the child logs (JVM and launcher, model and playbooks, schema, integrity check, Hibernate, listener) give
 * where the time went.
 */
public final class StartupBenchmark {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StartupBenchmark.class);
    private static final Duration STARTUP = Duration.ofMinutes(3);
    private static final Pattern PARTS = Pattern.compile(
            "model, playbooks and safety policy ready in (\\d+) ms \\((-?\\d+) ms after the JVM started\\)");
    private static final Pattern STORE = Pattern.compile(
            "store opened \\(pool \\d+; schema (\\d+) ms, check (\\d+) ms, Hibernate (\\d+) ms\\)");
    private static final Pattern SERVING = Pattern.compile("serving on port \\d+ .*; (-?\\d+) ms after the JVM started\\)");
    private static final List<String> PHASES = List.of("jvm_and_launcher", "model_and_playbooks", "schema",
            "integrity_check", "hibernate", "listener");

    private StartupBenchmark() {
    }

    /** Runs {@code runs} start-ups one after another and returns the figures (one JSON object). */
    public static Map<String, Object> run(int runs) throws Exception {
        if (runs < 1) throw new IllegalArgumentException("runs must be >= 1");
        var os = ManagementFactory.getOperatingSystemMXBean();
        double loadBefore = os.getSystemLoadAverage();
        var millis = new ArrayList<Long>();
        var phases = new ArrayList<Map<String, Long>>();
        for (int i = 0; i < runs; i++) {
            try (var scratch = ScratchDirectory.create("parley-bench-startup-")) {
                long began = System.nanoTime();
                try (var serve = ServeProcess.start(scratch.path().resolve("home"), List.of(), Map.of())) {
                    serve.awaitHealthy(STARTUP);
                    long elapsed = (System.nanoTime() - began) / 1_000_000;
                    millis.add(elapsed);
                    phases.add(phases(serve.log()));
                    LOG.info("bench startup: run {} healthy after {} ms", i + 1, elapsed);
                }
            }
        }
        var sorted = millis.stream().mapToDouble(Long::doubleValue).sorted().toArray();
        var result = new LinkedHashMap<String, Object>();
        result.put("benchmark", "startup");
        result.put("runs", runs);
        result.put("health_ms", millis);
        result.put("health_ms_p50", Math.round(Percentiles.of(sorted, 0.5)));
        result.put("health_ms_max", Math.round(sorted[sorted.length - 1]));
        result.put("goal_ms", 3000);
        result.put("phases_ms_p50", medianPhases(phases));
        result.put("cores", Runtime.getRuntime().availableProcessors());
        result.put("load_average_before", Math.round(loadBefore * 100) / 100.0);
        result.put("load_average_after", Math.round(os.getSystemLoadAverage() * 100) / 100.0);
        return result;
    }

    /**
     * The phases one child logged, in ms: the JVM and launcher until Parley is built, model and playbooks, the
     * schema (Flyway), the integrity check, Hibernate, and the rest until it serves. Phases absent from the log are
     * left out.
     */
    static Map<String, Long> phases(String log) {
        var found = new LinkedHashMap<String, Long>();
        var parts = PARTS.matcher(log);
        var store = STORE.matcher(log);
        var serving = SERVING.matcher(log);
        if (!parts.find() || !store.find()) return found;
        long partsMs = Long.parseLong(parts.group(1));
        long partsEnd = Long.parseLong(parts.group(2));
        found.put("jvm_and_launcher", partsEnd - partsMs);
        found.put("model_and_playbooks", partsMs);
        found.put("schema", Long.parseLong(store.group(1)));
        found.put("integrity_check", Long.parseLong(store.group(2)));
        found.put("hibernate", Long.parseLong(store.group(3)));
        if (serving.find()) {
            long storeEnd = partsEnd + found.get("schema") + found.get("integrity_check") + found.get("hibernate");
            found.put("listener", Long.parseLong(serving.group(1)) - storeEnd);
        }
        return found;
    }

    private static Map<String, Long> medianPhases(List<Map<String, Long>> runs) {
        var medians = new LinkedHashMap<String, Long>();
        for (var phase : PHASES) {
            var values = runs.stream().filter(r -> r.containsKey(phase)).mapToDouble(r -> r.get(phase)).toArray();
            if (values.length == 0) continue;
            Arrays.sort(values);
            medians.put(phase, Math.round(Percentiles.of(values, 0.5)));
        }
        return medians;
    }
}
