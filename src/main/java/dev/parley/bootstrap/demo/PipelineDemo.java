package dev.parley.bootstrap.demo;

import dev.parley.adapter.persistence.StoreLoader;
import dev.parley.application.console.HandleAlert;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.replay.ReplayEvent;
import dev.parley.bootstrap.replay.ReplaySession;
import dev.parley.bootstrap.replay.ReplayStore;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import javax.sql.DataSource;

/**
 * {@code parley demo}: a store built by the real pipeline. Generated people ({@link Persona}) answer outreach messages
 * over the last 30 days; each message goes through the replay engine (the outreach playbook, the alert patterns,
 * the intent rules, the outbox) on the in-memory store and a virtual clock, and operators acknowledge, unblock and
 * answer as people would. Every alert, state and transition is what Parley decided for that text. The result is
 * then copied, ids and all, into the (empty) target store with batched inserts ({@link StoreLoader}).
 */
public final class PipelineDemo {
    /** What was written, and how long each half took. */
    public record Figures(long conversations, long messages, long events, long alerts, long outbox, long failedInbox,
                          long simulationMillis, long writeMillis, Map<String, Long> states,
                          Map<String, Long> alertsBySeverity) {
    }

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

    private final Random random;
    private final Instant now;
    private final Persona[] people;
    private final String[] keys;
    private final String[] channels;
    private final long[] conversation;
    private final PriorityQueue<Step> queue = new PriorityQueue<>();
    private final Set<Long> handledAlerts = new HashSet<>();
    private long seq;
    private ReplaySession session;
    private HandleAlert alerts;

    private PipelineDemo(int conversations, double rounds, long seed, Instant now) {
        this.random = new Random(seed);
        this.now = now;
        this.people = new Persona[conversations];
        this.keys = new String[conversations];
        this.channels = new String[conversations];
        this.conversation = new long[conversations];
        for (int i = 0; i < conversations; i++) {
            people[i] = Persona.random(random, rounds);
            channels[i] = random.nextInt(10) < 7 ? "sms" : "whatsapp";
            keys[i] = (channels[i].equals("sms") ? "+1555" : "+4477") + String.format("%07d", i);
        }
    }

    /**
     * Simulates {@code conversations} conversations ending at {@code now} and writes them into the empty store of
     * {@code target}. {@code messagesPerConversation} sets how long productive exchanges run (their mean number of
     * replies); the seed makes the run repeatable.
     */
    public static Figures generate(DataSource target, int conversations, int messagesPerConversation, long seed,
                                   Instant now) throws SQLException {
        // a productive exchange is our message plus two per reply (theirs and the playbook's answer)
        double rounds = Math.max(0, (messagesPerConversation - 4) / 1.2);
        var demo = new PipelineDemo(conversations, rounds, seed, now);
        try (var loader = StoreLoader.open(target)) {
            long started = System.nanoTime();
            demo.simulate();
            long simulated = System.nanoTime();
            var figures = demo.write(loader);
            long written = System.nanoTime();
            return new Figures(figures.conversations(), figures.messages(), figures.events(), figures.alerts(),
                    figures.outbox(), figures.failedInbox(), (simulated - started) / 1_000_000,
                    (written - simulated) / 1_000_000, figures.states(), figures.alertsBySeverity());
        } finally {
            if (demo.session != null) demo.session.close();
        }
    }

    private void simulate() {
        var start = now.minus(SPAN);
        session = ReplaySession.open(start, null, List.of(), line -> { }, ReplayStore.MEMORY);
        var app = session.app();
        alerts = new HandleAlert(app.transactions, app.clock, app.events);
        long spanSeconds = SPAN.toSeconds();
        for (int i = 0; i < people.length; i++) {
            var at = start.plusSeconds(spanSeconds * i / people.length + random.nextInt(600));
            schedule(at, i, random.nextInt(1000) == 0 ? Action.WRONG_PLAYBOOK : Action.START);
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
        var person = people[i];
        var operator = DemoTexts.OPERATORS.get(random.nextInt(DemoTexts.OPERATORS.size()));
        switch (step.action()) {
            case START -> {
                session.apply(new ReplayEvent.Start(step.at(), 0, PLAYBOOK, channels[i], keys[i],
                        DemoTexts.pick(DemoTexts.OUTREACH, person.person, random), operator));
                conversation[i] = session.conversationId(channels[i], keys[i]).orElse(0L);
                if (person.kind != Persona.Kind.NO_REPLY) schedule(step.at().plus(replyDelay()), i, Action.REPLY);
            }
            case WRONG_PLAYBOOK -> session.apply(new ReplayEvent.Inbound(step.at(), 0, "demo-" + i, channels[i],
                    keys[i], keys[i], null, "Answering your survey: 4 stars.", null, "survey",
                    person.person.name()));
            case REPLY -> reply(step, i);
            case ACKNOWLEDGE -> {
                session.apply(new ReplayEvent.Advance(step.at(), 0));
                openAlert(i, "CRITICAL").ifPresent(a -> operatorAction(() -> alerts.acknowledge(conversation[i],
                        a.id(), operator)));
            }
            case UNBLOCK -> session.apply(new ReplayEvent.Unblock(step.at(), 0, keys[i], channels[i],
                    person.resumeState(), person.unblockNote(), operator));
            case OPERATOR_REPLY -> session.apply(new ReplayEvent.OperatorReply(step.at(), 0, keys[i], channels[i],
                    DemoTexts.pick(DemoTexts.OPERATOR_HIGH_VALUE, person.person, random), operator));
            case RESOLVE -> {
                session.apply(new ReplayEvent.Advance(step.at(), 0));
                openAlert(i, "HIGH_VALUE").ifPresent(a -> operatorAction(() -> alerts.resolve(conversation[i],
                        a.id(), "Asked them for a photo of it; noted in the research log.", operator)));
            }
        }
    }

    /** The person writes (if they still would), and people and operators react to what the pipeline did. */
    private void reply(Step step, int i) {
        var person = people[i];
        var state = state(i);
        var text = person.next(state, random);
        if (text == null) return;
        session.apply(new ReplayEvent.Inbound(step.at(), 0, "demo-" + i + "-" + seq, channels[i], keys[i], keys[i],
                null, text, null, PLAYBOOK, person.person.name()));
        var after = state(i);
        if ("AwaitingReply".equals(after) || "Conclusion".equals(after)) {
            schedule(step.at().plus(replyDelay()), i, Action.REPLY);
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
                schedule(step.at().plus(Duration.ofMinutes(20 + random.nextInt(6 * 60))), i, Action.OPERATOR_REPLY);
            }
            if (random.nextInt(10) < 4) {
                schedule(step.at().plus(Duration.ofHours(6 + random.nextInt(48))), i, Action.RESOLVE);
            }
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
    private Duration replyDelay() {
        double hours = Math.exp(random.nextGaussian() * 1.4 + 1.2);
        return Duration.ofSeconds(60 + (long) Math.min(hours * 3600, 6 * 86_400));
    }

    private String state(int i) {
        long id = conversation[i];
        return session.app().transactions.inTransaction(s -> s.conversations().find(id))
                .map(c -> c.state()).orElse(null);
    }

    private java.util.Optional<ConversationAlert> openAlert(int i, String severity) {
        long id = conversation[i];
        return session.app().transactions.inTransaction(s -> s.alerts().ofConversation(id)).stream()
                .filter(a -> severity.equals(a.severity()) && !a.resolved()).reduce((a, b) -> b);
    }

    /** Copies the simulated store, in id order, into the target. */
    private Figures write(StoreLoader loader) throws SQLException {
        var tx = session.app().transactions;
        long count = tx.inTransaction(s -> s.conversations().count());
        long messages = 0, events = 0, alertRows = 0, outboxRows = 0;
        var states = new java.util.TreeMap<String, Long>();
        var severities = new java.util.TreeMap<String, Long>();
        var find = session.app().find;
        // the store's ids grow with time across tables; writing conversation by conversation keeps every id as is
        var seenContacts = new HashSet<Long>();
        for (long id = 1; id <= count; id++) {
            var d = find.detail(id);
            var c = d.conversation();
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
            long conversationId = id;
            for (var j : tx.inTransaction(s -> s.jobs().pendingOf(conversationId))) loader.job(j, c.updatedAt());
            for (var a : d.audit()) loader.audit(a);
        }
        var failed = tx.inTransaction(s -> s.inbox().byStatus(InboxStatus.FAILED, Integer.MAX_VALUE));
        for (var f : failed) loader.inbox(f);
        loader.finish();
        Objects.requireNonNull(states);
        return new Figures(count, messages, events, alertRows, outboxRows, failed.size(), 0, 0, states, severities);
    }
}
