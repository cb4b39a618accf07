package dev.parley.bootstrap.replay;

import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.application.chimein.BotIdentities;
import dev.parley.application.chimein.ChatHistory;
import dev.parley.application.chimein.ContextSelector;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import dev.parley.domain.chimein.context.LastFiveStrategy;
import dev.parley.domain.chimein.context.SeedTimeGapStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * {@code parley bench context}: the cost of one context selection of the {@code default} strategy as the pipeline
 * makes it (read the lookback and the anchor from the store, read the stored vectors, select), over a
 * {@code lookback}-message window with every vector already stored (a warm embedding cache), and the sentence
 * embedder's throughput on the same chat's messages. The chat is generated (several interleaved topics, people who
 * address each other, replies) and stored through the real pipeline in an isolated replay store. Reported by wall
 * time and by the thread's CPU time.
 */
public final class ContextBenchmark {
    static final int MESSAGES = 400;
    static final int WARM_UP = 300;

    private ContextBenchmark() {
    }

    public static Map<String, Object> run(int selections, int lookback, ReplayStore store) {
        return run(MESSAGES, WARM_UP, selections, lookback, store);
    }

    static Map<String, Object> run(int messages, int warmUp, int selections, int lookback, ReplayStore store) {
        if (messages <= lookback) throw new IllegalArgumentException("messages must exceed the lookback");
        var start = Instant.parse("2026-01-05T08:00:00Z");
        try (var session = ReplaySession.open(start, null, List.of(), line -> { }, store)) {
            var chat = SyntheticChat.generate(messages, start, 20_240_501L);
            for (var event : chat) session.apply(event);
            var app = session.app();
            long conversation = session.conversationId("chat", SyntheticChat.GROUP).orElseThrow();
            var ids = app.transactions.inTransaction(s -> s.messages().ofConversation(conversation)).stream()
                    .map(m -> Map.entry(m.id(), m.text())).toList();

            // Embeddings per second: every message once, the model loaded beforehand (not counted).
            var embedder = app.messageEmbeddings.embedder();
            embedder.embed("warm up");
            long began = System.nanoTime();
            var texts = new LinkedHashMap<Long, String>();
            ids.forEach(e -> texts.put(e.getKey(), e.getValue()));
            var vectors = new LinkedHashMap<Long, dev.parley.domain.embedding.Embedding>();
            texts.forEach((id, text) -> vectors.put(id, embedder.embed(text)));
            app.transactions.run(s -> vectors.forEach((id, vector) -> s.embeddings().put(id, vector)));
            double embedSeconds = (System.nanoTime() - began) / 1e9;

            // The default strategy and, as same-run baselines on the same mentions, the seed's (the same 20-message
            // read, no vectors) and last5 (the old behaviour). Interleaved, so a change in the machine's load
            // touches all three alike.
            var strategies = List.of(new DefaultContextStrategy(lookback, ContextWeightsFile.shipped()),
                    new SeedTimeGapStrategy(), new LastFiveStrategy());
            var selectors = strategies.stream().map(st -> new ContextSelector(st, app.messageEmbeddings)).toList();
            var bots = new BotIdentities("parley");
            var random = new Random(7);
            var candidates = ids.subList(lookback, ids.size());
            for (int i = 0; i < warmUp; i++) {
                long id = pick(candidates, random);
                for (var selector : selectors) once(app, selector, bots, conversation, id);
            }
            var threads = java.lang.management.ManagementFactory.getThreadMXBean();
            var nanos = new long[selectors.size()][selections];
            var cpu = new long[selectors.size()][selections];
            for (int i = 0; i < selections; i++) {
                long id = pick(candidates, random);
                for (int k = 0; k < selectors.size(); k++) {
                    int s = (i + k) % selectors.size(); // rotate which strategy goes first
                    long c0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    once(app, selectors.get(s), bots, conversation, id);
                    nanos[s][i] = System.nanoTime() - t0;
                    cpu[s][i] = threads.getCurrentThreadCpuTime() - c0;
                }
            }
            var figures = new java.util.ArrayList<Map<String, Object>>();
            for (int s = 0; s < selectors.size(); s++) figures.add(percentiles(nanos[s], cpu[s]));
            var result = new LinkedHashMap<String, Object>();
            result.put("strategy", DefaultContextStrategy.NAME);
            result.put("store", store.name().toLowerCase(java.util.Locale.ROOT));
            result.put("lookback", lookback);
            result.put("selections", selections);
            // On a loaded machine wall time mostly measures waiting for a core; the thread's CPU time does not.
            result.putAll(figures.get(0));
            result.put("embedded_messages", texts.size());
            result.put("embeddings_per_s", Math.round(texts.size() / embedSeconds));
            result.put("embedding_ms", millis(Math.round(embedSeconds * 1e9 / texts.size())));
            var baselines = new LinkedHashMap<String, Object>();
            for (int s = 1; s < selectors.size(); s++) {
                var baseline = new LinkedHashMap<String, Object>(figures.get(s));
                baseline.put("cpu_p50_ratio", ratio(figures.get(0), figures.get(s), "cpu_p50_ms"));
                baseline.put("cpu_p99_ratio", ratio(figures.get(0), figures.get(s), "cpu_p99_ms"));
                baseline.put("p50_ratio", ratio(figures.get(0), figures.get(s), "p50_ms"));
                baselines.put(strategies.get(s).name(), baseline);
            }
            result.put("baselines", baselines);
            return result;
        }
    }

    /** p50 / p99 / max wall and p50 / p99 thread CPU, in ms (sorts the arrays). */
    private static Map<String, Object> percentiles(long[] nanos, long[] cpu) {
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        int n = nanos.length;
        var out = new LinkedHashMap<String, Object>();
        out.put("p50_ms", millis(nanos[(int) Math.floor(0.50 * (n - 1))]));
        out.put("p99_ms", millis(nanos[(int) Math.floor(0.99 * (n - 1))]));
        out.put("max_ms", millis(nanos[n - 1]));
        out.put("cpu_p50_ms", millis(cpu[(int) Math.floor(0.50 * (n - 1))]));
        out.put("cpu_p99_ms", millis(cpu[(int) Math.floor(0.99 * (n - 1))]));
        return out;
    }

    /** How many times the baseline's figure {@code key} the default strategy's is (two decimals; null when 0). */
    private static Double ratio(Map<String, Object> measured, Map<String, Object> baseline, String key) {
        double base = (Double) baseline.get(key);
        return base <= 0 ? null : Math.round((Double) measured.get(key) / base * 100) / 100.0;
    }

    private static long pick(List<Map.Entry<Long, String>> candidates, Random random) {
        return candidates.get(random.nextInt(candidates.size())).getKey();
    }

    private static void once(dev.parley.bootstrap.ParleyApp app, ContextSelector selector, BotIdentities bots,
                             long conversation, long messageId) {
        app.transactions.run(s -> {
            var reads = new dev.parley.application.stage.StoreBackend(s, dev.parley.application.playbook.SlowCalls.DIRECT);
            var session = new dev.parley.application.playbook.ConversationSession(reads, null,
                    s.conversations().find(conversation).orElseThrow(), app.clock.instant(),
                    dev.parley.domain.conversation.TimelineEvent.SYSTEM_ACTOR);
            var bot = bots.of(reads, "chat");
            var history = new ChatHistory(reads, conversation, bot);
            var trigger = history.message(messageId).orElseThrow();
            selector.select(session, history, bot, trigger, history.parentOf(trigger));
        });
    }

    /** Milliseconds to the microsecond. */
    private static double millis(long nanos) {
        return Math.round(nanos / 1_000.0) / 1_000.0;
    }

    /** A group chat of interleaved topics, with addressing and replies, as replay events. */
    static final class SyntheticChat {
        static final String GROUP = "bench-group";
        private static final String[] PEOPLE = {"ana", "ben", "carl", "dana", "eve", "finn", "gus", "hana"};
        private static final String[][] TOPICS = {
                {"We should look at the restaurant for the gathering", "The thai restaurant on 10th Ave?",
                        "They close at ten on Sundays", "Can we book a table for twelve?", "I prefer the pizza place",
                        "Any thoughts?"},
                {"The release build fails since this morning", "did the keystore path change in CI?",
                        "the secrets were rotated yesterday", "I re-ran the pipeline, same error",
                        "the signing step cannot find the key", "rolling back the config now"},
                {"Booked the mountain hut for the 14th", "I can drive four people from the station",
                        "Who has a spare sleeping bag?", "Bring warm clothes, it snowed up there",
                        "We pay the hut at arrival, cash only", "The trail is closed after the bridge"},
                {"Did anyone see the match yesterday?", "What a goal in the second half", "The referee was awful",
                        "Tickets for the final go on sale Friday", "I can get four seats", "lol"},
        };

        static List<ReplayEvent> generate(int count, Instant start, long seed) {
            var random = new Random(seed);
            var events = new java.util.ArrayList<ReplayEvent>();
            var at = start;
            var lastOfTopic = new String[TOPICS.length];
            for (int i = 0; i < count; i++) {
                at = at.plus(Duration.ofSeconds(20 + random.nextInt(random.nextInt(10) == 0 ? 20_000 : 600)));
                int topic = random.nextInt(TOPICS.length);
                var from = PEOPLE[random.nextInt(PEOPLE.length)];
                var text = TOPICS[topic][random.nextInt(TOPICS[topic].length)];
                if (random.nextInt(3) == 0) text = PEOPLE[random.nextInt(PEOPLE.length)] + ": " + text;
                String replyTo = random.nextInt(5) == 0 ? lastOfTopic[topic] : null;
                var id = "b" + i;
                events.add(new ReplayEvent.Inbound(at, i + 1, id, "chat", GROUP, from, null, text, replyTo, null,
                        null));
                lastOfTopic[topic] = id;
            }
            return events;
        }
    }
}
