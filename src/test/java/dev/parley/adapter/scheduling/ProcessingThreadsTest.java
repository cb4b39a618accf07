package dev.parley.adapter.scheduling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 8, latency: inbound messages are processed on the worker's platform threads, not on virtual threads, whose
 * few carriers the listener's receipts share (a carrier running a row's CPU work is not given up until it blocks).
 */
class ProcessingThreadsTest {
    @TempDir Path home;

    @Test
    void messagesAreProcessedOnTheWorkersPlatformThreads() {
        var playbook = new ThreadRecordingPlaybook();
        try (var parley = TestParley.start(home, Clock.systemUTC(), Map.of(), null, List.of(playbook))) {
            for (int i = 0; i < 3; i++) {
                var response = parley.http().postGeneric("wh-" + i, ParleyHttp.message("m-" + i, "sms",
                        "+1555000777" + i, "hello", ThreadRecordingPlaybook.NAME), Clock.systemUTC());
                assertThat(response.statusCode()).isEqualTo(202);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> playbook.threads.size() >= 3);
        }
        assertThat(playbook.threads).allSatisfy(thread -> {
            assertThat(thread.isVirtual()).as("virtual thread").isFalse();
            assertThat(thread.getName()).startsWith(PipelineWorker.THREAD_NAME_PREFIX);
        });
    }

    /** Records the thread each inbound message is processed on. */
    static final class ThreadRecordingPlaybook implements Playbook {
        static final String NAME = "thread-recording";
        final List<Thread> threads = new CopyOnWriteArrayList<>();

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String initialState() {
            return "Open";
        }

        @Override
        public Set<String> states() {
            return Set.of("Open");
        }

        @Override
        public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
            threads.add(Thread.currentThread());
        }
    }
}
