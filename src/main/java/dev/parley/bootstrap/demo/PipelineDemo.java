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
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import dev.parley.domain.contact.Contact;
import dev.parley.domain.conversation.AuditEntry;
import dev.parley.domain.conversation.ConversationTask;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.conversation.ScheduledJob;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;

/**
 * {@code parley demo}: a store built by the real pipeline. Generated people ({@link Persona}) answer outreach messages
 * over the last 30 days; each message goes through the replay engine (the outreach playbook, the alert patterns,
 * the intent rules, the outbox) on the in-memory store and a virtual clock, and operators acknowledge, unblock and
 * answer as people would. Every alert, state and transition is what Parley decided for that text. Each
 * conversation is copied, ids and all, into the (empty) target store with batched inserts ({@link StoreLoader}) as
 * soon as it is finished: the demo will not act for that person again and nothing of the pipeline (a timer, an
 * outgoing message) is still due on it before the end. The copy runs on the calling thread while the shards simulate
 * on, and at the end every shard checks that each conversation it handed over is still as copied (else the demo
 * fails). The rows carry their ids, so the store does not depend on the order in which they arrive.
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
    /** Set when the copy failed: the shards stop instead of simulating on for nothing. */
    private volatile boolean abandoned;

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
        var finished = new LinkedBlockingQueue<Finished>();
        try (var loader = StoreLoader.open(target)) {
            for (int s = 0; s < shards; s++) parts.add(demo.new Shard(s, shards, finished));
            long started = System.nanoTime();
            try (var threads = Executors.newFixedThreadPool(parts.size(), Thread.ofPlatform().name("demo-shard-", 0)
                    .factory())) {
                var running = new ArrayList<Future<?>>();
                for (var part : parts) running.add(threads.submit(part::work));
                var writer = new Writer(loader);
                long simulated;
                try {
                    simulated = writer.copy(finished, parts.size());
                } catch (SQLException | RuntimeException e) {
                    demo.abandoned = true;
                    throw e;
                }
                stopAll(running);
                writer.failedInbox(parts);
                loader.finish();
                long written = System.nanoTime();
                return writer.figures((simulated - started) / 1_000_000, (written - simulated) / 1_000_000);
            }
        } finally {
            for (var part : parts) part.close();
        }
    }

    /**
     * What a shard hands the writer: a conversation it will not touch again (the rows to copy), or, once, that it has
     * stopped (with its failure, if any).
     */
    private sealed interface Finished {
        record Conversation(dev.parley.domain.conversation.Conversation conversation, Contact contact,
                            List<Message> messages, List<TimelineEvent> events, List<ConversationAlert> alerts,
                            List<OutboxEntry> outbox, List<ConversationTask> tasks, List<AuditEntry> audit,
                            List<ScheduledJob> pendingJobs) implements Finished {
        }

        record Stopped(RuntimeException failure) implements Finished {
        }
    }

    /** Waits for every shard's thread; a failure of one (already reported to the writer) is not thrown again. */
    private static void stopAll(List<Future<?>> running) {
        for (var future : running) {
            try {
                future.get();
            } catch (ExecutionException e) {
                // the shard reported it through the queue; the writer has thrown it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while simulating", e);
            }
        }
    }

    /** The people whose number is {@code shard} modulo {@code shards}, on a replay session and store of their own. */
    private final class Shard implements AutoCloseable {
        private final int shard;
        private final int shards;
        private final PriorityQueue<Step> queue = new PriorityQueue<>();
        private final Set<Long> handledAlerts = new HashSet<>();
        private final Map<Integer, Long> conversation = new HashMap<>();
        /** Steps still scheduled per person: at 0 the demo will not act for them again. */
        private final int[] pendingSteps = new int[people.length];
        /** People the demo is done with whose conversation may still have pipeline work due (time to look again). */
        private final PriorityQueue<Recheck> rechecks = new PriorityQueue<>();
        /** Conversations handed to the writer, as handed, in order: checked unchanged at the end. */
        private final List<Finished.Conversation> handed = new ArrayList<>();
        private final Set<Integer> handedPeople = new HashSet<>();
        private final BlockingQueue<Finished> finished;
        private long seq;
        private ReplaySession session;
        private HandleAlert alerts;

        Shard(int shard, int shards, BlockingQueue<Finished> finished) {
            this.shard = shard;
            this.shards = shards;
            this.finished = finished;
        }

        /** Simulates, handing finished conversations to the writer as it goes; reports its end (or failure) last. */
        void work() {
            RuntimeException failure = null;
            try {
                simulate();
                handRest();
                checkHanded();
            } catch (RuntimeException e) {
                failure = e;
            } catch (Error e) {
                failure = new IllegalStateException(e);
            }
            finished.add(new Finished.Stopped(failure));
        }

        void simulate() {
            session = ReplaySession.open(now.minus(SPAN), line -> { }, InMemoryTransactions.shard(shard, shards));
            var app = session.app();
            alerts = new HandleAlert(app.transactions, app.clock, app.events);
            for (int i = shard; i < people.length; i += shards) {
                schedule(people[i].startsAt(), i, people[i].wrongPlaybook() ? Action.WRONG_PLAYBOOK : Action.START);
            }
            while (!queue.isEmpty()) {
                if (abandoned) throw new IllegalStateException("demo: the copy failed");
                var step = queue.poll();
                if (step.at().isAfter(now)) continue;
                run(step);
                if (--pendingSteps[step.person()] == 0) look(step.person());
                var clock = session.now();
                while (!rechecks.isEmpty() && !rechecks.peek().at().isAfter(clock)) look(rechecks.poll().person());
            }
            session.apply(new ReplayEvent.Advance(now, 0));
        }

        private void schedule(Instant at, int person, Action action) {
            if (!at.isAfter(now)) {
                queue.add(new Step(at, seq++, person, action));
                pendingSteps[person]++;
            }
        }

        /**
         * For a person the demo will not act for again: hands their conversation to the writer if nothing of the
         * pipeline is still due on it before the end (a timer, an outgoing message waiting to be sent); otherwise
         * looks again once the clock has passed that time. What is due after the end never runs.
         */
        private void look(int person) {
            long id = conversation.getOrDefault(person, 0L);
            if (id == 0 || handedPeople.contains(person)) return;
            var clock = session.now();
            var due = session.app().transactions.inTransaction(st -> {
                Instant first = null;
                for (var j : st.jobs().pendingOf(id)) {
                    if (!j.dueAt().isAfter(now) && (first == null || j.dueAt().isBefore(first))) first = j.dueAt();
                }
                for (var o : st.outbox().ofConversation(id)) {
                    if (o.status() == OutboxStatus.PENDING || o.status() == OutboxStatus.SENDING) {
                        var at = o.nextAttemptAt() == null || o.nextAttemptAt().isBefore(clock) ? clock
                                : o.nextAttemptAt();
                        if (first == null || at.isBefore(first)) first = at;
                    }
                }
                return java.util.Optional.ofNullable(first);
            });
            if (due.isEmpty()) {
                hand(person, id);
            } else {
                // look again once the clock is past it (its work has run by then)
                var at = due.get().isAfter(clock) ? due.get() : clock.plusNanos(1);
                rechecks.add(new Recheck(at, person));
            }
        }

        private void hand(int person, long id) {
            handedPeople.add(person);
            var rows = rows(id);
            handed.add(rows);
            finished.add(rows);
        }

        /**
         * The rows of conversation {@code id} the copy writes. Not {@code FindConversations.detail}: its safety
         * decisions (which the copy does not write) are found by scanning every decision of the store, which over all
         * conversations grows with the square of the store.
         */
        private Finished.Conversation rows(long id) {
            return session.app().transactions.inTransaction(st -> {
                var c = st.conversations().find(id).orElseThrow();
                return new Finished.Conversation(c, st.contacts().find(c.contactId()).orElseThrow(),
                        st.messages().ofConversation(id), st.timeline().ofConversation(id),
                        st.alerts().ofConversation(id), st.outbox().ofConversation(id), st.tasks().ofConversation(id),
                        st.audit().forTarget("conversation", id), st.jobs().pendingOf(id));
            });
        }

        /** At the end: every conversation not handed yet, in id order. */
        private void handRest() {
            var rest = new java.util.TreeMap<Long, Integer>();
            for (var e : conversation.entrySet()) {
                if (e.getValue() != 0 && !handedPeople.contains(e.getKey())) rest.put(e.getValue(), e.getKey());
            }
            for (var e : rest.entrySet()) hand(e.getValue(), e.getKey());
        }

        /**
         * Guards the hand-over: every conversation handed while the simulation ran must be as the finished store has
         * it (else the copy would hold an earlier state of it), so a conversation changed later fails the demo.
         */
        private void checkHanded() {
            for (var rows : handed) {
                var now = rows(rows.conversation().id());
                if (!now.equals(rows)) {
                    throw new IllegalStateException("demo: conversation " + rows.conversation().id()
                            + " changed after it was copied");
                }
            }
            if (handed.size() != count()) throw new IllegalStateException("demo: not every conversation was copied");
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

    private record Recheck(Instant at, int person) implements Comparable<Recheck> {
        @Override
        public int compareTo(Recheck o) {
            int byTime = at.compareTo(o.at);
            return byTime != 0 ? byTime : Integer.compare(person, o.person);
        }
    }

    /**
     * Copies finished conversations into the target as the shards hand them over, on the calling thread (H2 has one
     * writer), while the shards simulate on. The rows carry their ids, so the store is the same whichever shard's
     * conversation arrives first.
     */
    private static final class Writer {
        private final StoreLoader loader;
        private long messages, events, alertRows, outboxRows, conversations, failedRows;
        private final Map<String, Long> states = new java.util.TreeMap<>();
        private final Map<String, Long> severities = new java.util.TreeMap<>();
        private final Set<Long> seenContacts = new HashSet<>();

        Writer(StoreLoader loader) {
            this.loader = loader;
        }

        /** Copies until all {@code shards} have stopped; returns when the last stopped (System.nanoTime). */
        long copy(BlockingQueue<Finished> finished, int shards) throws SQLException {
            int stopped = 0;
            long lastStopped = System.nanoTime();
            while (stopped < shards) {
                Finished next;
                try {
                    next = finished.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while copying", e);
                }
                switch (next) {
                    case Finished.Conversation rows -> write(rows);
                    case Finished.Stopped end -> {
                        if (end.failure() != null) throw end.failure();
                        stopped++;
                        lastStopped = System.nanoTime();
                    }
                }
            }
            return lastStopped;
        }

        private void write(Finished.Conversation rows) throws SQLException {
            var d = rows;
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
            for (var j : d.pendingJobs()) loader.job(j, c.updatedAt());
            for (var a : d.audit()) loader.audit(a);
        }

        /** The inbox rows that failed for good (they belong to no conversation), once every shard has stopped. */
        void failedInbox(List<Shard> parts) throws SQLException {
            for (var part : parts) {
                var failed = part.session.app().transactions.inTransaction(
                        st -> st.inbox().byStatus(InboxStatus.FAILED, Integer.MAX_VALUE));
                for (var f : failed) loader.inbox(f);
                failedRows += failed.size();
            }
        }

        Figures figures(long simulationMillis, long writeMillis) {
            return new Figures(conversations, messages, events, alertRows, outboxRows, failedRows, simulationMillis,
                    writeMillis, states, severities);
        }
    }
}
