package dev.parley.bootstrap.demo;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.persistence.StoreLoader;
import dev.parley.application.console.HandleAlert;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.bootstrap.replay.ReplaySession;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/**
 * {@code parley demo}: a store built by the real pipeline. Generated people ({@link Persona}) answer outreach messages
 * over the last 30 days; each message goes through the replay engine (the outreach playbook, the alert patterns,
 * the intent rules, the outbox) on the in-memory store and a virtual clock, and operators acknowledge, unblock and
 * answer as people would. Every alert, state and transition is what Parley decided for that text. The result is
 * then copied, ids and all, into the (empty) target store with batched inserts ({@link StoreLoader}).
 *
 * <p>Conversations are independent, so they are simulated in {@value #SHARDS} shards side by side, each on its own
 * replay session and in-memory store whose ids interleave with the others' ({@link InMemoryTransactions#shard}).
 * Every random choice about a person comes from that person's own generator, seeded by the run's seed and the
 * person's number: a conversation comes out the same whichever shard runs it and however many there are
 * ({@code PipelineDemoTest}), and the number of shards is fixed, not the machine's core count, so a seed gives the
 * same store on every machine.
 */
public final class PipelineDemo {
    /** What was written, and how long each half took. */
    public record Figures(long conversations, long messages, long events, long alerts, long outbox, long failedInbox,
                          long simulationMillis, long writeMillis, Map<String, Long> states,
                          Map<String, Long> alertsBySeverity) {
    }

    /** Shards simulated side by side (two cores are the machine the demo is sized for). */
    static final int SHARDS = 2;
    private static final Duration SPAN = Duration.ofDays(30);
    private static final String PLAYBOOK = "outreach";

    private enum Action { START, REPLY, ACKNOWLEDGE, UNBLOCK, OPERATOR_REPLY, RESOLVE, WRONG_PLAYBOOK }

    private record Step(Instant at, long seq, int person, Action action) implements Comparable<Step> {
        @Override
        public int compareTo(Step o) {
            int byTime = at.compareTo(o.at);
            return byTime != 0 ? byTime : Long.compare(seq, o.seq);
        }
    }

    /** One person of the demo: who they are, where they write from, when we write first, and their own dice. */
    private record Someone(Persona persona, Random random, String channel, String key, Instant startsAt,
                           boolean wrongPlaybook) {
    }

    private final Instant now;
    private final Someone[] people;

    private PipelineDemo(int conversations, double rounds, long seed, Instant now) {
        this.now = now;
        this.people = new Someone[conversations];
        var start = now.minus(SPAN);
        long spanSeconds = SPAN.toSeconds();
        for (int i = 0; i < conversations; i++) {
            var random = new Random(mix(seed, i));
            var persona = Persona.random(random, rounds);
            var channel = random.nextInt(10) < 7 ? "sms" : "whatsapp";
            var key = (channel.equals("sms") ? "+1555" : "+4477") + String.format("%07d", i);
            var at = start.plusSeconds(spanSeconds * i / conversations + random.nextInt(600));
            people[i] = new Someone(persona, random, channel, key, at, random.nextInt(1000) == 0);
        }
    }

    /** A seed per person, well spread (SplitMix64's finaliser), so neighbours' generators are unrelated. */
    private static long mix(long seed, int person) {
        long z = seed * 0x9E3779B97F4A7C15L + (person + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Simulates {@code conversations} conversations ending at {@code now} and writes them into the empty store of
     * {@code target}. {@code messagesPerConversation} sets how long productive exchanges run (their mean number of
     * replies); the seed makes the run repeatable.
     */
    public static Figures generate(DataSource target, int conversations, int messagesPerConversation, long seed,
                                   Instant now) throws SQLException {
        return generate(target, conversations, messagesPerConversation, seed, now, SHARDS);
    }

    /** As above on {@code shards} shards (tests compare one with several: the conversations are the same). */
    static Figures generate(DataSource target, int conversations, int messagesPerConversation, long seed,
                            Instant now, int shards) throws SQLException {
        // a productive exchange is our message plus two per reply (theirs and the playbook's answer)
        double rounds = Math.max(0, (messagesPerConversation - 4) / 1.2);
        var demo = new PipelineDemo(conversations, rounds, seed, now);
        var parts = new ArrayList<Shard>();
        try (var loader = StoreLoader.open(target)) {
            for (int s = 0; s < shards; s++) parts.add(demo.new Shard(s, shards));
            long started = System.nanoTime();
            simulate(parts);
            long simulated = System.nanoTime();
            var figures = write(loader, parts);
            long written = System.nanoTime();
            return new Figures(figures.conversations(), figures.messages(), figures.events(), figures.alerts(),
                    figures.outbox(), figures.failedInbox(), (simulated - started) / 1_000_000,
                    (written - simulated) / 1_000_000, figures.states(), figures.alertsBySeverity());
        } finally {
            for (var part : parts) part.close();
        }
    }

    /** Runs the shards on a thread each; the first failure is thrown once all have stopped. */
    private static void simulate(List<Shard> parts) {
        if (parts.size() == 1) {
            parts.getFirst().simulate();
            return;
        }
        try (var threads = Executors.newFixedThreadPool(parts.size(), Thread.ofPlatform().name("demo-shard-", 0)
                .factory())) {
            var running = new ArrayList<Future<?>>();
            for (var part : parts) running.add(threads.submit(part::simulate));
            RuntimeException failure = null;
            for (var future : running) {
                try {
                    future.get();
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while simulating", e);
                }
            }
            if (failure != null) throw failure;
        }
    }

    /** The people whose number is {@code shard} modulo {@code shards}, on a replay session and store of their own. */
    private final class Shard implements AutoCloseable {
        private final int shard;
        private final int shards;
        private final PriorityQueue<Step> queue = new PriorityQueue<>();
        private final Set<Long> handledAlerts = new HashSet<>();
        private final Map<Integer, Long> conversation = new HashMap<>();
        private long seq;
        private ReplaySession session;
        private HandleAlert alerts;

        Shard(int shard, int shards) {
            this.shard = shard;
            this.shards = shards;
        }

        void simulate() {
            session = ReplaySession.open(now.minus(SPAN), line -> { }, InMemoryTransactions.shard(shard, shards));
            var app = session.app();
            alerts = new HandleAlert(app.transactions, app.clock, app.events);
            for (int i = shard; i < people.length; i += shards) {
                schedule(people[i].startsAt(), i, people[i].wrongPlaybook() ? Action.WRONG_PLAYBOOK : Action.START);
            }
            while (!queue.isEmpty()) {
                var step = queue.poll();
                if (step.at().isAfter(now)) continue;
                run(step);
            }
            session.apply(new ReplayEvent.Advance(now, 0));
        }

        private void schedule(Instant at, int person, Action action) {
            if (!at.isAfter(now)) queue.add(new Step(at, seq++, person, action));
        }

        private void run(Step step) {
            int i = step.person();
            var someone = people[i];
            var person = someone.persona();
            var random = someone.random();
            var operator = DemoTexts.OPERATORS.get(random.nextInt(DemoTexts.OPERATORS.size()));
            switch (step.action()) {
                case START -> {
                    session.apply(new ReplayEvent.Start(step.at(), 0, PLAYBOOK, someone.channel(), someone.key(),
                            DemoTexts.pick(DemoTexts.OUTREACH, person.person, random), operator));
                    conversation.put(i, session.conversationId(someone.channel(), someone.key()).orElse(0L));
                    if (person.kind != Persona.Kind.NO_REPLY) {
                        schedule(step.at().plus(replyDelay(random)), i, Action.REPLY);
                    }
                }
                case WRONG_PLAYBOOK -> session.apply(new ReplayEvent.Inbound(step.at(), 0, "demo-" + i,
                        someone.channel(), someone.key(), someone.key(), null, "Answering your survey: 4 stars.", null,
                        "survey", person.person.name()));
                case REPLY -> reply(step, i);
                case ACKNOWLEDGE -> {
                    session.apply(new ReplayEvent.Advance(step.at(), 0));
                    openAlert(i, "CRITICAL").ifPresent(a -> operatorAction(() -> alerts.acknowledge(
                            conversation.get(i), a.id(), operator)));
                }
                case UNBLOCK -> session.apply(new ReplayEvent.Unblock(step.at(), 0, someone.key(), someone.channel(),
                        person.resumeState(), person.unblockNote(), operator));
                case OPERATOR_REPLY -> session.apply(new ReplayEvent.OperatorReply(step.at(), 0, someone.key(),
                        someone.channel(), DemoTexts.pick(DemoTexts.OPERATOR_HIGH_VALUE, person.person, random),
                        operator));
                case RESOLVE -> {
                    session.apply(new ReplayEvent.Advance(step.at(), 0));
                    openAlert(i, "HIGH_VALUE").ifPresent(a -> operatorAction(() -> alerts.resolve(
                            conversation.get(i), a.id(), "Asked them for a photo of it; noted in the research log.",
                            operator)));
                }
            }
        }

        /** The person writes (if they still would), and people and operators react to what the pipeline did. */
        private void reply(Step step, int i) {
            var someone = people[i];
            var person = someone.persona();
            var random = someone.random();
            var state = state(i);
            var text = person.next(state, random);
            if (text == null) return;
            // the provider id is the person's and the time's (a person writes at most once a minute), not the shard's
            session.apply(new ReplayEvent.Inbound(step.at(), 0, "demo-" + i + "-" + step.at().toEpochMilli(),
                    someone.channel(),
                    someone.key(), someone.key(), null, text, null, PLAYBOOK, person.person.name()));
            var after = state(i);
            if ("AwaitingReply".equals(after) || "Conclusion".equals(after)) {
                schedule(step.at().plus(replyDelay(random)), i, Action.REPLY);
            }
            if ("HumanReview".equals(after) && !"HumanReview".equals(state)) {
                boolean critical = openAlert(i, "CRITICAL").isPresent();
                // most reviews are decided within a day or two; the most recent ones still wait
                if (critical && random.nextInt(10) < 9) {
                    schedule(step.at().plus(Duration.ofSeconds(60 + random.nextInt(45 * 60))), i, Action.ACKNOWLEDGE);
                }
                if (random.nextInt(10) < 8) {
                    schedule(step.at().plus(Duration.ofMinutes(60 + random.nextInt(36 * 60))), i, Action.UNBLOCK);
                }
            }
            var highValue = openAlert(i, "HIGH_VALUE");
            if (highValue.isPresent() && handledAlerts.add(highValue.get().id())) {
                if (random.nextBoolean()) {
                    schedule(step.at().plus(Duration.ofMinutes(20 + random.nextInt(6 * 60))), i,
                            Action.OPERATOR_REPLY);
                }
                if (random.nextInt(10) < 4) {
                    schedule(step.at().plus(Duration.ofHours(6 + random.nextInt(48))), i, Action.RESOLVE);
                }
            }
        }

        private String state(int i) {
            long id = conversation.getOrDefault(i, 0L);
            return session.app().transactions.inTransaction(s -> s.conversations().find(id))
                    .map(c -> c.state()).orElse(null);
        }

        private java.util.Optional<ConversationAlert> openAlert(int i, String severity) {
            long id = conversation.getOrDefault(i, 0L);
            return session.app().transactions.inTransaction(s -> s.alerts().ofConversation(id)).stream()
                    .filter(a -> severity.equals(a.severity()) && !a.resolved()).reduce((a, b) -> b);
        }

        /** How many conversations this shard's store holds. */
        long count() {
            return session.app().transactions.inTransaction(s -> s.conversations().count());
        }

        /** The id of this shard's {@code n}-th conversation (from 1), as its store issued it. */
        long id(long n) {
            return shard + 1 + (n - 1) * shards;
        }

        @Override
        public void close() {
            if (session != null) session.close();
        }
    }

    private static void operatorAction(Runnable action) {
        try {
            action.run();
        } catch (ConflictException | InvalidRequestException | NotFoundException e) {
            // already handled by another step (e.g. the unblock resolved it): as the API would answer
        }
    }

    /** People answer within minutes to a few days. */
    private static Duration replyDelay(Random random) {
        double hours = Math.exp(random.nextGaussian() * 1.4 + 1.2);
        return Duration.ofSeconds(60 + (long) Math.min(hours * 3600, 6 * 86_400));
    }

    /**
     * Copies the shards' stores into the target in id order: the n-th conversation of every shard, then the
     * (n+1)-th, so the ids (which interleave) arrive ascending and keep growing with time across tables.
     */
    private static Figures write(StoreLoader loader, List<Shard> parts) throws SQLException {
        long messages = 0, events = 0, alertRows = 0, outboxRows = 0, conversations = 0;
        var states = new java.util.TreeMap<String, Long>();
        var severities = new java.util.TreeMap<String, Long>();
        var counts = new long[parts.size()];
        long most = 0;
        for (int s = 0; s < parts.size(); s++) {
            counts[s] = parts.get(s).count();
            most = Math.max(most, counts[s]);
        }
        var seenContacts = new HashSet<Long>();
        for (long n = 1; n <= most; n++) {
            for (int s = 0; s < parts.size(); s++) {
                if (n > counts[s]) continue;
                var part = parts.get(s);
                var tx = part.session.app().transactions;
                long id = part.id(n);
                var d = part.session.app().find.detail(id);
                var c = d.conversation();
                conversations++;
                if (seenContacts.add(d.contact().id())) loader.contact(d.contact(), c.createdAt());
                loader.conversation(c, d.contact().address(), d.contact().displayName());
                states.merge(c.state(), 1L, Long::sum);
                var actors = new HashMap<String, String>();
                for (var o : d.outbox()) {
                    if (o.status() == OutboxStatus.SENT) actors.put(o.text() + "\u0000" + o.sentAt(), o.actor());
                }
                for (var m : d.messages()) {
                    var actor = m.direction() == Direction.IN ? null
                            : actors.getOrDefault(m.text() + "\u0000" + m.sentAt(), "system");
                    loader.message(m, actor);
                    messages++;
                }
                for (var e : d.events()) loader.event(e);
                events += d.events().size();
                for (var a : d.alerts()) {
                    loader.alert(a);
                    severities.merge(a.severity(), 1L, Long::sum);
                }
                alertRows += d.alerts().size();
                for (var o : d.outbox()) loader.outbox(o);
                outboxRows += d.outbox().size();
                for (var t : d.tasks()) loader.task(t);
                for (var j : tx.inTransaction(st -> st.jobs().pendingOf(id))) loader.job(j, c.updatedAt());
                for (var a : d.audit()) loader.audit(a);
            }
        }
        long failedRows = 0;
        for (var part : parts) {
            var failed = part.session.app().transactions.inTransaction(
                    st -> st.inbox().byStatus(InboxStatus.FAILED, Integer.MAX_VALUE));
            for (var f : failed) loader.inbox(f);
            failedRows += failed.size();
        }
        loader.finish();
        Objects.requireNonNull(states);
        return new Figures(conversations, messages, events, alertRows, outboxRows, failedRows, 0, 0, states,
                severities);
    }
}
