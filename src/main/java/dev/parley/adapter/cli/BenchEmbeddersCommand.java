package dev.parley.adapter.cli;

import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.adapter.embedding.PaddedBatchEncoder;
import dev.parley.adapter.embedding.SentenceModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley bench embedders}: the wall time per message of each sentence encoder Parley can run, on one thread,
 * one text per call (how Parley embeds) and in padded batches of 32 sorted by length (what batching would gain),
 * with the smallest cosine between a text's batched and single vectors (issue 35).
 */
@Command(name = "embedders", mixinStandardHelpOptions = true,
        description = "Per-message cost of each sentence encoder: one at a time and in batches of 32.")
final class BenchEmbeddersCommand implements Callable<Integer> {
    private static final int BATCH = 32;

    @Spec
    private CommandSpec spec;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "640",
            description = "measured messages per model (default 640), after 64 unmeasured warm-up messages")
    private int messages;

    @Override
    public Integer call() throws Exception {
        if (messages < BATCH) throw BenchCommand.refuse(spec, "--messages must be >= " + BATCH);
        var random = new Random(35);
        var texts = new ArrayList<String>();
        for (int i = 0; i < messages + 64; i++) texts.add(BenchAlertsCommand.message(random, i));
        var result = new LinkedHashMap<String, Object>();
        for (var model : SentenceModel.values()) {
            var embedder = OnnxTextEmbedder.forModel(model.id());
            long loadStarted = System.nanoTime();
            embedder.embed("warm up");
            double loadMs = (System.nanoTime() - loadStarted) / 1e6;
            for (var text : texts.subList(0, 64)) embedder.embed(text);
            var measured = texts.subList(64, texts.size());
            long[] single = new long[measured.size()];
            float[][] vectors = new float[measured.size()][];
            for (int i = 0; i < measured.size(); i++) {
                long t0 = System.nanoTime();
                vectors[i] = embedder.embed(measured.get(i)).vector();
                single[i] = System.nanoTime() - t0;
            }
            var order = new ArrayList<Integer>();
            for (int i = 0; i < measured.size(); i++) order.add(i);
            order.sort(Comparator.comparingInt(i -> measured.get(i).length()));
            double minCosine = 1;
            long batchNanos;
            try (var batched = new PaddedBatchEncoder(model)) {
                batched.embed(measured.subList(0, BATCH));
                long started = System.nanoTime();
                for (int from = 0; from < order.size(); from += BATCH) {
                    var ids = order.subList(from, Math.min(order.size(), from + BATCH));
                    var out = batched.embed(ids.stream().map(measured::get).toList());
                    for (int k = 0; k < ids.size(); k++) minCosine = Math.min(minCosine, dot(out[k], vectors[ids.get(k)]));
                }
                batchNanos = System.nanoTime() - started;
            }
            var figures = new LinkedHashMap<String, Object>();
            figures.put("first_call_ms", round(loadMs));
            figures.put("single_p50_ms", percentile(single, 0.50));
            figures.put("single_p99_ms", percentile(single, 0.99));
            figures.put("single_per_s", round(measured.size() / (Arrays.stream(single).sum() / 1e9)));
            figures.put("batch32_ms_per_message", round(batchNanos / 1e6 / measured.size()));
            figures.put("batch32_per_s", round(measured.size() / (batchNanos / 1e9)));
            figures.put("batch_vs_single_min_cosine", Math.round(minCosine * 10_000) / 10_000.0);
            result.put(model.id(), figures);
        }
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        result.put("load_average", round(os.getSystemLoadAverage()));
        result.put("available_processors", Runtime.getRuntime().availableProcessors());
        return BenchCommand.print(spec, result);
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += (double) a[i] * b[i];
        return s;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static double percentile(long[] nanos, double q) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int index = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return Math.round(sorted[Math.max(0, index)] / 1e4) / 100.0;
    }
}
