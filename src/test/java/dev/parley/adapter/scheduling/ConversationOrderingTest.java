package dev.parley.adapter.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.store.ConversationQuery;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import dev.parley.testing.TestStore;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Concurrent posts to one conversation are processed once each, in acknowledgement order: whenever a message was
 * acknowledged before another was even sent, it is processed first. (Two requests in flight at the same time have
 * no order between them; their inbox ids may commit in either order.)
 */
class ConversationOrderingTest {
    static final String MAIN = "+15557770000";
    static final int MAIN_MESSAGES = 200;
    static final int OTHER_CONVERSATIONS = 5;
    static final int OTHER_MESSAGES = 20;

    @TempDir Path home;

    record Post(String conversation, String providerId) {
    }

    @ParameterizedTest
    @EnumSource(TestStore.class)
    void eachConversationIsProcessedInAcknowledgementOrderExactlyOnce(TestStore store) throws Exception {
        var posts = new ArrayList<Post>();
        int other = 0;
        for (int i = 0; i < MAIN_MESSAGES; i++) {
            posts.add(new Post(MAIN, "ord-main-" + i));
            if (i % 2 == 0 && other < OTHER_CONVERSATIONS * OTHER_MESSAGES) {
                posts.add(new Post("+1555777100" + (other % OTHER_CONVERSATIONS), "ord-other-" + other));
                other++;
            }
        }
        Map<String, Long> inboxIdByProvider = new ConcurrentHashMap<>();
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        Map<String, Long> ackedAt = new ConcurrentHashMap<>();
        var ticks = new java.util.concurrent.atomic.AtomicLong();
        try (var parley = TestParley.start(home, Clock.systemUTC(), store.settings(), null); var pool = Executors.newFixedThreadPool(16)) {
            var http = parley.http();
            List<Future<Integer>> results = new ArrayList<>();
            for (var post : posts) {
                results.add(pool.submit(() -> {
                    sentAt.put(post.providerId(), ticks.incrementAndGet());
                    var response = http.postGeneric("wh-" + post.providerId(),
                            ParleyHttp.message(post.providerId(), "sms", post.conversation(), "m " + post.providerId()),
                            Clock.systemUTC());
                    ackedAt.put(post.providerId(), ticks.incrementAndGet());
                    inboxIdByProvider.put(post.providerId(), ParleyHttp.json(response).get("message_id").asLong());
                    return response.statusCode();
                }));
            }
            for (var result : results) {
                assertThat(result.get()).isEqualTo(202);
            }

            // The counter is incremented after the row's commit, so it may trail the PROCESSED status briefly.
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .until(() -> parley.inboxCounts().get(InboxStatus.PROCESSED) == posts.size()
                            && parley.app.metrics.processed.sum() >= posts.size());
            assertThat(parley.inboxCounts().get(InboxStatus.FAILED)).isZero();
            // The counter moves just after each commit, so it may trail the store by a row for a moment.
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(parley.app.metrics.processed.sum()).isEqualTo(posts.size()));

            var expected = new HashMap<String, Long>();
            posts.forEach(p -> expected.merge(p.conversation(), 1L, Long::sum));
            for (var entry : expected.entrySet()) {
                var conversation = parley.app.find.page(new ConversationQuery("sms", entry.getKey(), null, null, 1,
                        null, null)).getFirst();
                var detail = parley.app.find.detail(conversation.id());
                var inbound = detail.messages().stream().filter(m -> m.direction() == Direction.IN).toList();
                assertThat(inbound).as(entry.getKey()).hasSize(entry.getValue().intValue());
                var stored = inbound.stream().map(m -> m.providerId()).toList();
                assertThat(stored).as(entry.getKey()).doesNotHaveDuplicates();
                for (int later = 0; later < stored.size(); later++) {
                    for (int earlier = later + 1; earlier < stored.size(); earlier++) {
                        // stored[earlier] was processed after stored[later]: it must not have been acked first.
                        assertThat(ackedAt.get(stored.get(earlier)))
                                .as("%s acknowledged before %s was sent, but processed after it",
                                        stored.get(earlier), stored.get(later))
                                .isGreaterThan(sentAt.get(stored.get(later)));
                    }
                }
                assertThat(detail.events()).filteredOn(e -> e.type().equals("message_recorded"))
                        .hasSize(entry.getValue().intValue());
            }
        }
    }
}
