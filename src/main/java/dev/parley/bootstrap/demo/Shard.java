package dev.parley.bootstrap.demo;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.application.console.HandleAlert;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.bootstrap.demo.PipelineDemo.Finished;
import dev.parley.bootstrap.demo.PipelineDemo.Someone;
import dev.parley.bootstrap.replay.ReplaySession;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.message.OutboxStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** The people whose number is {@code shard} modulo {@code shards}, on a replay session and store of their own. */
final class Shard implements AutoCloseable {
    private static final String PLAYBOOK = "outreach";

    private enum Action { START, REPLY, ACKNOWLEDGE, UNBLOCK, OPERATOR_REPLY, RESOLVE, WRONG_PLAYBOOK }

    private record Step(Instant at, long seq, int person, Action action) implements Comparable<Step> {
        @Override
        public int compareTo(Step o) {
            int byTime = at.compareTo(o.at);
            return byTime != 0 ? byTime : Long.compare(seq, o.seq);
        }
    }

    private final int shard;
    private final int shards;
    private final PriorityQueue<Step> queue = new PriorityQueue<>();
    private final Set<Long> handledAlerts = new HashSet<>();
    private final Map<Integer, Long> conversation = new HashMap<>();
    /** Steps still scheduled per person: at 0 the demo will not act for them again. */
    private final int[] pendingSteps;
    /** People the demo is done with whose conversation may still have pipeline work due (time to look again). */
    private final PriorityQueue<Recheck> rechecks = new PriorityQueue<>();
    /** People whose conversation was handed to the writer (and dropped from this shard's store). */
    private final Set<Integer> handedPeople = new HashSet<>();
    private final BlockingQueue<Finished> finished;
    private final PipelineDemo demo;
    private final Instant now;
    private final Someone[] people;
    private long seq;
    private ReplaySession session;
    /** The session's store, from which handed conversations are dropped. */
    private InMemoryTransactions memory;
    private HandleAlert alerts;

    Shard(PipelineDemo demo, int shard, int shards, BlockingQueue<Finished> finished) {
        this.demo = demo;
        this.now = demo.now();
        this.people = demo.people();
        this.pendingSteps = new int[people.length];
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
        try {
            send(new Finished.Stopped(failure));
        } catch (IllegalStateException e) {
            // the writer has stopped (the copy failed): nobody waits for this shard's end
        }
    }

    /** Hands {@code next} to the writer, waiting while it is behind; gives up when the copy has failed. */
    private void send(Finished next) {
        try {
            while (!finished.offer(next, 100, TimeUnit.MILLISECONDS)) {
                if (demo.abandoned()) throw new IllegalStateException("demo: the copy failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing a conversation over", e);
        }
    }

    void simulate() {
        memory = InMemoryTransactions.shard(shard, shards);
        session = ReplaySession.open(now.minus(PipelineDemo.SPAN), line -> { }, memory, demo.embedder());
        var app = session.app();
        alerts = new HandleAlert(app.transactions, app.clock, app.events);
        for (int i = shard; i < people.length; i += shards) {
            schedule(people[i].startsAt(), i, people[i].wrongPlaybook() ? Action.WRONG_PLAYBOOK : Action.START);
        }
        while (!queue.isEmpty()) {
            if (demo.abandoned()) throw new IllegalStateException("demo: the copy failed");
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
            return Optional.ofNullable(first);
        });
        if (due.isEmpty()) {
            hand(person, id);
        } else {
            // look again once the clock is past it (its work has run by then)
            var at = due.get().isAfter(clock) ? due.get() : clock.plusNanos(1);
            rechecks.add(new Recheck(at, person));
        }
    }

    /**
     * Hands the conversation's rows to the writer and drops them from this shard's store, so the store holds only
     * the conversations still running and the heap stays small. A later write to a dropped conversation fails its
     * foreign key (and so the demo), and one that made it anew is left over at the end ({@link #checkHanded}).
     */
    private void hand(int person, long id) {
        handedPeople.add(person);
        send(rows(id));
        memory.forgetConversation(id);
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
        var rest = new TreeMap<Long, Integer>();
        for (var e : conversation.entrySet()) {
            if (e.getValue() != 0 && !handedPeople.contains(e.getKey())) rest.put(e.getValue(), e.getKey());
        }
        for (var e : rest.entrySet()) hand(e.getValue(), e.getKey());
    }

    /**
     * Guards the hand-over: every conversation the shard started was handed exactly once, and none is left in the
     * store (one made again after its rows were handed, for instance by a message to the same person, would be).
     */
    private void checkHanded() {
        long started = conversation.values().stream().filter(id -> id != 0).count();
        if (handedPeople.size() != started || count() != 0) {
            throw new IllegalStateException("demo: " + handedPeople.size() + " of " + started
                    + " conversations handed, " + count() + " left in the shard's store");
        }
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
                openAlert(i, AlertSeverity.CRITICAL).ifPresent(a -> operatorAction(() -> alerts.acknowledge(
                        conversation.get(i), a.id(), operator)));
            }
            case UNBLOCK -> session.apply(new ReplayEvent.Unblock(step.at(), 0, someone.key(), someone.channel(),
                    person.resumeState(), person.unblockNote(), operator));
            case OPERATOR_REPLY -> session.apply(new ReplayEvent.OperatorReply(step.at(), 0, someone.key(),
                    someone.channel(), DemoTexts.pick(DemoTexts.OPERATOR_HIGH_VALUE, person.person, random),
                    operator));
            case RESOLVE -> {
                session.apply(new ReplayEvent.Advance(step.at(), 0));
                openAlert(i, AlertSeverity.HIGH_VALUE).ifPresent(a -> operatorAction(() -> alerts.resolve(
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
            boolean critical = openAlert(i, AlertSeverity.CRITICAL).isPresent();
            // most reviews are decided within a day or two; the most recent ones still wait
            if (critical && random.nextInt(10) < 9) {
                schedule(step.at().plus(Duration.ofSeconds(60 + random.nextInt(45 * 60))), i, Action.ACKNOWLEDGE);
            }
            if (random.nextInt(10) < 8) {
                schedule(step.at().plus(Duration.ofMinutes(60 + random.nextInt(36 * 60))), i, Action.UNBLOCK);
            }
        }
        var highValue = openAlert(i, AlertSeverity.HIGH_VALUE);
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

    private Optional<ConversationAlert> openAlert(int i, AlertSeverity severity) {
        long id = conversation.getOrDefault(i, 0L);
        return session.app().transactions.inTransaction(s -> s.alerts().ofConversation(id)).stream()
                .filter(a -> a.severity() == severity && !a.resolved()).reduce((a, b) -> b);
    }

    /** How many conversations this shard's store holds. */
    long count() {
        return session.app().transactions.inTransaction(s -> s.conversations().count());
    }

    /** The shard's replay session (null until it starts simulating). */
    ReplaySession session() {
        return session;
    }

    @Override
    public void close() {
        if (session != null) session.close();
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
}
