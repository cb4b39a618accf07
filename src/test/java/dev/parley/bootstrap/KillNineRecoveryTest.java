package dev.parley.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.testing.ChildParley;
import dev.parley.testing.StoreAudit;
import dev.parley.testing.TestParley;
import dev.parley.testing.WebhookBlaster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash durability: a child {@code parley serve} is killed with SIGKILL in the middle of concurrent signed webhooks,
 * round after round on one home. Every acknowledged message must survive each kill, and after the last restart be in
 * the inbox exactly once, PROCESSED, and in {@code messages} exactly once.
 *
 * <p>{@code -Dkillnine.seed=N} replays a schedule, {@code -Dkillnine.rounds=N} changes the number of rounds, and
 * {@code -Dkillnine.writeDelay=MS} runs the store with that H2 write delay instead of 0 (the lossy control measured
 * in docs/decisions/0001-h2-file-store.md; with a delay this test is expected to fail).
 */
class KillNineRecoveryTest {
    private static final Pattern RECEIVED_GAUGE = Pattern.compile("parley_inbox_messages\\{status=\"RECEIVED\"} (\\d+)");
    @TempDir Path home;

    @Test
    void acknowledgedMessagesSurviveKillNine() throws Exception {
        long seed = Long.getLong("killnine.seed", System.nanoTime());
        try {
            run(new Random(seed), Integer.getInteger("killnine.rounds", 20));
        } catch (AssertionError | Exception e) {
            throw new AssertionError("kill -9 recovery failed; replay with -Dkillnine.seed=" + seed, e);
        }
    }

    private void run(Random random, int rounds) throws Exception {
        var child = new ChildParley(home, settings());
        var blaster = new WebhookBlaster(TestParley.SECRET, 8, 5);
        var startups = new ArrayList<Long>();
        var lostPerRound = new ArrayList<Integer>();
        var lost = new java.util.HashSet<String>();
        long began = System.nanoTime();
        for (int round = 0; round < rounds; round++) {
            startups.add(child.startAndAwaitHealthy(Duration.ofSeconds(60)).toMillis());
            var stop = new AtomicBoolean();
            var clients = blaster.start(child.baseUrl(), stop);
            Thread.sleep(100 + random.nextInt(501));
            child.kill();
            stop.set(true);
            for (var t : clients) t.join();
            // What reached the disk: every acknowledged message must be in the inbox already.
            var rows = StoreAudit.byProviderId(home);
            int lostBefore = lost.size();
            blaster.acknowledged.stream().filter(id -> !rows.containsKey(id)).forEach(lost::add);
            lostPerRound.add(lost.size() - lostBefore);
        }
        startups.add(child.startAndAwaitHealthy(Duration.ofSeconds(60)).toMillis());
        blaster.deliverUnanswered(child.baseUrl());
        awaitInboxDrained(child);
        child.stop();
        var rows = StoreAudit.byProviderId(home);
        System.out.printf("kill-9: %d rounds, %d acknowledged, %.1f s; child startup ms %s;"
                + " acknowledged but lost, per round %s%n", rounds, blaster.acknowledged.size(),
                (System.nanoTime() - began) / 1e9, startups, lostPerRound);

        assertThat(lostPerRound).as("acknowledged messages missing right after each kill").allMatch(n -> n == 0);
        assertThat(blaster.unexpected).as("answers other than 2xx/503").isEmpty();
        assertThat(blaster.unansweredCount()).as("messages never acknowledged").isZero();
        assertThat(blaster.acknowledged).as("acknowledged").hasSizeGreaterThan(rounds);
        assertThat(rows.keySet()).as("inbox holds exactly what was sent").isEqualTo(blaster.sent);
        for (var id : blaster.acknowledged) {
            assertThat(rows.get(id)).as("rows of %s", id).isEqualTo(new StoreAudit.Rows(1, 1, 1));
        }
    }

    private List<String> settings() {
        var settings = new ArrayList<>(List.of("api.token=" + TestParley.TOKEN,
                "webhooks.generic.secret=" + TestParley.SECRET, "db.pool_size=8",
                // durability is what is measured here: the policy-free playbook, as TestParley uses, and no
                // embedding model loading in the background during the short windows between kills
                "playbook.inbound=noop", "alerts.model=off"));
        var writeDelay = Integer.getInteger("killnine.writeDelay");
        if (writeDelay != null) {
            settings.add("db.url=jdbc:h2:file:" + home.toAbsolutePath().resolve("data").resolve("parley")
                    + ";WRITE_DELAY=" + writeDelay);
        }
        return settings;
    }

    private static void awaitInboxDrained(ChildParley child) throws Exception {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        var request = HttpRequest.newBuilder(URI.create(child.baseUrl() + "/metrics")).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            var matcher = RECEIVED_GAUGE.matcher(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
            if (matcher.find() && matcher.group(1).equals("0")) return;
            Thread.sleep(50);
        }
        throw new AssertionError("inbox not drained within 60 s; log: " + child.logTail());
    }
}
