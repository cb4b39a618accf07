package dev.parley.adapter.cli;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.alerts.LearnedAlerts;
import dev.parley.application.playbook.outreach.SafetyScreen;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.OfflineAiSafetyFlag;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley bench alerts}: the whole safety screen of one message (patterns, MiniLM embedding, every head), on
 * one thread, over generated SMS-like messages that are all different (nothing is served from a cache). Prints
 * p50 / p99 per message and messages per second, with the embedding's share, and the process CPU time per
 * message (messages per CPU-second: the one-core throughput, whatever else runs on the machine). Pin the JVM to one
 * core with {@code taskset -c 0} for the one-core latency figures.
 */
@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = "Latency of the whole alert screen per message (patterns + embedding + heads), one thread.")
final class BenchAlertsCommand implements Callable<Integer> {
    private static final List<String> OPENINGS = List.of("hi", "hey", "ok so", "thanks", "sorry", "honestly", "lol",
            "good morning", "quick question", "yes", "no worries", "ugh");
    private static final List<String> MIDDLES = List.of("my grandmother was born in %s in %d",
            "I can call you around %d if that works", "the family moved to %s after the war",
            "this week has been exhausting and I am so tired", "I found some old letters from %s",
            "we should compare trees when you have time", "I am not sure I can help with that",
            "please stop messaging me about %s", "traffic in %s is killing me today", "my aunt might know more",
            "I just want everything to stop", "can you send me the record from %d", "the photos are from %s",
            "I have no idea who that is", "that was a lovely surprise, thank you");
    private static final List<String> PLACES = List.of("Cork", "Ohio", "Galway", "Leeds", "Toronto", "Naples",
            "Krakow", "Boston", "Sligo", "Perth");

    @Spec
    private CommandSpec spec;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "2000",
            description = "measured messages (default 2000), after 200 unmeasured warm-up messages")
    private int messages;

    @Override
    public Integer call() throws Exception {
        if (messages < 10) {
            throw BenchCommand.refuse(spec, "--messages must be >= 10");
        }
        var embedder = OnnxTextEmbedder.product();
        var learned = LearnedAlerts.of(AlertModelFile.load(Optional.empty()), embedder, Map.of());
        var detector = AlertPatternsFile.loadDefault().detector(MatchingMode.PARLEY);
        var screen = new SafetyScreen(() -> detector, new OfflineAiSafetyFlag(), learned);
        var random = new Random(14);
        for (int i = 0; i < 200; i++) screen.screen(message(random, i));
        long[] whole = new long[messages];
        long[] embedding = new long[messages];
        long[] cpu = new long[messages];
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean();
        long cpuStarted = os.getProcessCpuTime();
        long started = System.nanoTime();
        for (int i = 0; i < messages; i++) {
            var text = message(random, 200 + i);
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            var vector = embedder.embed(text);
            long t1 = System.nanoTime();
            screen.screen(text, () -> vector);
            long t2 = System.nanoTime();
            cpu[i] = threads.getCurrentThreadCpuTime() - c0;
            whole[i] = t2 - t0;
            embedding[i] = t1 - t0;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        double cpuMsPerMessage = (os.getProcessCpuTime() - cpuStarted) / 1e6 / messages;
        var result = new LinkedHashMap<String, Object>();
        result.put("messages", messages);
        result.put("p50_ms", percentile(whole, 0.50));
        result.put("p99_ms", percentile(whole, 0.99));
        result.put("max_ms", percentile(whole, 1.0));
        result.put("embedding_p50_ms", percentile(embedding, 0.50));
        result.put("embedding_p99_ms", percentile(embedding, 0.99));
        result.put("messages_per_s", Math.round(messages / seconds * 10) / 10.0);
        // The calling thread's CPU time per message: the latency a message would have on a core of its own, whatever
        // else the machine runs. Complete when the JVM is pinned to one core (ONNX Runtime then runs the model on
        // the calling thread); with more cores its own pool threads take part and this undercounts.
        result.put("thread_cpu_p50_ms", percentile(cpu, 0.50));
        result.put("thread_cpu_p99_ms", percentile(cpu, 0.99));
        // CPU time of the whole process per message (every thread, ONNX Runtime's included): what one message
        // costs a core whatever else the machine is doing, so 1000 / cpu_ms is messages per second on one core.
        result.put("cpu_ms_per_message", Math.round(cpuMsPerMessage * 100) / 100.0);
        result.put("messages_per_cpu_second", Math.round(1000 / cpuMsPerMessage * 10) / 10.0);
        result.put("load_average", Math.round(os.getSystemLoadAverage() * 100) / 100.0);
        result.put("available_processors", Runtime.getRuntime().availableProcessors());
        return BenchCommand.print(spec, result);
    }

    /** A different SMS-like message each time (a counter keeps every text distinct). */
    static String message(Random random, int n) {
        var filled = MIDDLES.get(random.nextInt(MIDDLES.size()))
                .replace("%s", PLACES.get(random.nextInt(PLACES.size())))
                .replace("%d", Integer.toString(1850 + random.nextInt(150)));
        return OPENINGS.get(random.nextInt(OPENINGS.size())) + ", " + filled + " (" + n + ")";
    }

    private static double percentile(long[] nanos, double q) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return Math.round(sorted[Math.max(0, index)] / 1e4) / 100.0;
    }
}
