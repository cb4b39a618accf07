package dev.parley.bootstrap.demo;

import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.persistence.StoreLoader;
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
 * on; a shard drops what it handed over from its in-memory store ({@link InMemoryTransactions#forgetConversation}),
 * so its heap holds only the conversations still running, and a later write to a dropped conversation fails its
 * foreign key and so the demo; at the end every shard checks it handed each conversation once and kept none. The
 * rows carry their ids, so the store does not depend on the order in which they arrive. The shards share one
 * embedding memo ({@link #REMEMBERED_TEXTS}).
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
                          long simulationMillis, long writeMillis, StoreLoader.Steps writeSteps,
                          Map<String, Long> states,
                          Map<String, Long> alertsBySeverity, long embeddingsAsked, long embeddingsComputed) {
    }

    /** Shards simulated side by side (two cores are the machine the demo is sized for). */
    static final int SHARDS = 2;
    static final Duration SPAN = Duration.ofDays(30);
    /**
     * Distinct texts whose vectors the shards' one shared memo keeps. The playbook's replies name the person
     * (900 names) in a dozen templates and follow-up combinations, so the demo's outbound texts number some tens of
     * thousands, recurring a hundred times each at 100,000 conversations; a vector and its text take about 2 KB, so
     * this is at most about 130 MB.
     */
    static final int REMEMBERED_TEXTS = 65_536;
    /**
     * Finished conversations that may wait for the writer: a shard that runs ahead of it waits, so the rows between
     * them stay few (the writer, H2's one, is the slower side on a busy machine).
     */
    static final int WAITING = 1_000;

    /** One person of the demo: who they are, where they write from, when we write first, and their own dice. */
    record Someone(Persona persona, Random random, String channel, String key, Instant startsAt,
                           boolean wrongPlaybook) {
    }

    private final Instant now;
    private final Someone[] people;
    /**
     * One embedding memo for every shard (thread-safe; a text's vector is the same whichever shard computes it), so
     * a text recurring across shards is embedded once.
     */
    private final MemoizingTextEmbedder embedder = new MemoizingTextEmbedder(OnnxTextEmbedder.product(),
            REMEMBERED_TEXTS);
    /** Set when the copy failed: the shards stop instead of simulating on for nothing. */
    private volatile boolean abandoned;

    Instant now() {
        return now;
    }

    /** Everyone of the demo, by number (shards read it, never change it). */
    Someone[] people() {
        return people;
    }

    MemoizingTextEmbedder embedder() {
        return embedder;
    }

    boolean abandoned() {
        return abandoned;
    }

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
        var finished = new LinkedBlockingQueue<Finished>(WAITING);
        try (var loader = StoreLoader.open(target)) {
            for (int s = 0; s < shards; s++) parts.add(new Shard(demo, s, shards, finished));
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
                return writer.figures((simulated - started) / 1_000_000, (written - simulated) / 1_000_000,
                        loader.steps(), demo.embedder);
            }
        } finally {
            for (var part : parts) part.close();
        }
    }

    /**
     * What a shard hands the writer: a conversation it will not touch again (the rows to copy), or, once, that it has
     * stopped (with its failure, if any).
     */
    sealed interface Finished {
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
                severities.merge(a.severity().wire(), 1L, Long::sum);
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
                var failed = part.session().app().transactions.inTransaction(
                        st -> st.inbox().byStatus(InboxStatus.FAILED, Integer.MAX_VALUE));
                for (var f : failed) loader.inbox(f);
                failedRows += failed.size();
            }
        }

        Figures figures(long simulationMillis, long writeMillis, StoreLoader.Steps steps,
                        MemoizingTextEmbedder embedder) {
            return new Figures(conversations, messages, events, alertRows, outboxRows, failedRows, simulationMillis,
                    writeMillis, steps, states, severities, embedder.calls(), embedder.computed());
        }
    }
}
