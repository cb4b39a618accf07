package dev.parley.bootstrap.bench;

import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyApp;
import dev.parley.bootstrap.ParleyConfig;
import dev.parley.domain.message.InboundMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * {@code parley bench buyer}: the buyer-sms playbook's own time per inbound message with the offline agents — the
 * playbook's callback inside its transaction (keywords, Message Interpreter, reference resolution, Criteria Agent,
 * tools, Response Agent, Gatekeeper/Polisher, phase moves, nudge scheduling) — measured apart from receipt, the
 * inbox and the outbox. Generated buyer conversations walk the journey (search in one of the demo catalogue's
 * metros, a change of size, a pick, a facility question, "let's do it", name, e-mail, a tour time) with varied
 * wording; the first {@code warmup} conversations are not measured.
 */
public final class BuyerBenchmark {
    /** The generated journeys use these searches (every metro of the demo catalogue the seed names). */
    static final List<String> SEARCHES = List.of(
            "Hey I need about 15k sqft of warehouse space near Detroit for storing auto parts. Need it by April.",
            "Looking for 30,000 square feet in Houston for ecommerce fulfillment, need dock doors and office",
            "Need 45k sqft in Dallas for distribution",
            "Any cold storage around 20000 sqft near Chicago?",
            "We need 12k SF in Atlanta for furniture storage starting May");
    static final List<String> TURNS = List.of(
            "Actually make that %dk sqft",
            "Tell me more about option 1",
            "What's the ceiling height? Any dock doors?",
            "Yeah let's do it",
            "%s",
            "%s@example.com",
            "Thursday morning");
    static final List<String> NAMES = List.of("Sarah Chen", "Dana Park", "Luis Ortega", "Amy Brooks", "Omar Haddad");

    private BuyerBenchmark() {
    }

    public static Map<String, Object> run(int conversations, String store) {
        var scratch = ScratchDirectory.create("parley-bench-buyer");
        var home = scratch.path();
        var overrides = new EnumMap<ConfigKey, String>(ConfigKey.class);
        overrides.put(ConfigKey.SENDER, "local");
        overrides.put(ConfigKey.PLAYBOOK_INBOUND, "buyer-sms");
        overrides.put(ConfigKey.MODEL_PROVIDER, "offline");
        overrides.put(ConfigKey.DB_POOL_SIZE, "2");
        if (store.equals("h2")) overrides.put(ConfigKey.DB_URL, "jdbc:h2:mem:bench-buyer;DB_CLOSE_DELAY=-1");
        var config = ParleyConfig.forReplay(home, overrides);
        var clock = new ManualClock(Instant.parse("2026-05-04T14:00:00Z"));
        var timer = new PlaybookTimer();
        try (var app = store.equals("h2")
                ? new ParleyApp(config, clock, null, new Random(1), List.of(timer))
                : ParleyApp.inMemory(config, clock, null, new Random(1), List.of(timer))) {
            timer.target = app.playbooks.find("buyer-sms").orElseThrow();
            app.catalog.load(DemoCatalog.items());
            int warmup = Math.min(100, conversations);
            var random = new Random(7);
            for (int c = 0; c < warmup; c++) converse(app, clock, "+1555000" + String.format("%04d", c), random);
            timer.reset();
            long started = System.nanoTime();
            for (int c = 0; c < conversations; c++) {
                converse(app, clock, "+1555100" + String.format("%04d", c), random);
            }
            double wallSeconds = (System.nanoTime() - started) / 1e9;
            var times = timer.millis();
            Arrays.sort(times);
            var cpu = timer.cpuMillis();
            Arrays.sort(cpu);
            var out = new LinkedHashMap<String, Object>();
            out.put("conversations", conversations);
            out.put("messages", times.length);
            out.put("store", store);
            out.put("agents", "offline");
            out.put("playbook_p50_ms", round(Percentiles.of(times, 0.50)));
            out.put("playbook_p99_ms", round(Percentiles.of(times, 0.99)));
            out.put("playbook_max_ms", round(times[times.length - 1]));
            out.put("playbook_cpu_p50_ms", round(Percentiles.of(cpu, 0.50)));
            out.put("playbook_cpu_p99_ms", round(Percentiles.of(cpu, 0.99)));
            out.put("end_to_end_messages_per_s", Math.round(times.length / wallSeconds));
            out.put("goal_p99_ms", 5);
            return out;
        } finally {
            scratch.close();
        }
    }

    /** One buyer's journey, a minute between messages. */
    private static void converse(ParleyApp app, ManualClock clock, String phone, Random random) {
        var name = NAMES.get(random.nextInt(NAMES.size()));
        var texts = new java.util.ArrayList<String>();
        texts.add(SEARCHES.get(random.nextInt(SEARCHES.size())));
        for (var t : TURNS) {
            if (t.startsWith("Actually")) texts.add(String.format(t, 10 + random.nextInt(30)));
            else if (t.equals("%s")) texts.add(name);
            else if (t.equals("%s@example.com")) texts.add(String.format(t, name.split(" ")[0].toLowerCase()));
            else texts.add(t);
        }
        int i = 0;
        for (var text : texts) {
            clock.advance(Duration.ofMinutes(1));
            app.receive.receive(new InboundMessage("aircall", phone + "-" + (i++), phone, phone, "+15550199", text,
                    null, null, PlaybookTimer.NAME, null), null);
            app.worker.drain();
            app.deliverOutbox.deliverDue(20);
        }
    }

    /**
     * The buyer-sms playbook under another name, timing its {@code onInbound} (the playbook's own work for a message).
     * A message whose decision needs model answers is decided twice — once in the Prepare stage's dry run (message id
     * {@link dev.parley.application.stage.SnapshotBackend#PENDING_MESSAGE_ID}), once in the Commit stage — and both
     * count towards that one message.
     */
    static final class PlaybookTimer implements dev.parley.application.playbook.Playbook {
        static final String NAME = "buyer-sms-bench";
        dev.parley.application.playbook.Playbook target;
        private static final java.lang.management.ThreadMXBean THREADS =
                java.lang.management.ManagementFactory.getThreadMXBean();
        private final java.util.List<Long> nanos = new java.util.ArrayList<>();
        private final java.util.List<Long> cpuNanos = new java.util.ArrayList<>();
        private long dryRunNanos;
        private long dryRunCpuNanos;

        void reset() {
            dryRunNanos = 0;
            dryRunCpuNanos = 0;
            nanos.clear();
            cpuNanos.clear();
        }

        double[] millis() {
            return nanos.stream().mapToDouble(n -> n / 1e6).toArray();
        }

        /** The same, in CPU time of the thread (what the playbook itself costs on a loaded machine). */
        double[] cpuMillis() {
            return cpuNanos.stream().mapToDouble(n -> n / 1e6).toArray();
        }

        @Override public String name() { return NAME; }
        @Override public String initialState() { return target == null ? "INTAKE" : target.initialState(); }
        @Override public java.util.Set<String> states() {
            return target == null ? java.util.Set.of("INTAKE") : target.states();
        }
        @Override public java.util.List<StateTimer> timersFor(String state) { return target.timersFor(state); }

        @Override
        public void onInbound(dev.parley.application.playbook.ConversationSession session,
                             dev.parley.domain.message.InboundMessage message, long messageId) {
            long cpu = THREADS.getCurrentThreadCpuTime();
            long started = System.nanoTime();
            target.onInbound(session, message, messageId);
            long took = System.nanoTime() - started;
            long tookCpu = THREADS.getCurrentThreadCpuTime() - cpu;
            if (messageId == dev.parley.application.stage.SnapshotBackend.PENDING_MESSAGE_ID) {
                dryRunNanos += took;
                dryRunCpuNanos += tookCpu;
                return;
            }
            nanos.add(took + dryRunNanos);
            cpuNanos.add(tookCpu + dryRunCpuNanos);
            dryRunNanos = 0;
            dryRunCpuNanos = 0;
        }

        @Override
        public void onOutboundSent(dev.parley.application.playbook.ConversationSession session,
                                   dev.parley.domain.message.OutboxEntry sent) {
            target.onOutboundSent(session, sent);
        }

        @Override
        public void onTimer(dev.parley.application.playbook.ConversationSession session, String trigger) {
            target.onTimer(session, trigger);
        }

        @Override
        public void onEvent(dev.parley.application.playbook.ConversationSession session, String name,
                            Map<String, Object> data) {
            target.onEvent(session, name, data);
        }
    }

    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
