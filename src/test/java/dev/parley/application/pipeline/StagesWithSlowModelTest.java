package dev.parley.application.pipeline;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.parley.application.model.ModelRequest;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline's stages against an OpenAI-compatible model that takes its time (docs/decisions/0021): model calls
 * run in Prepare, outside every transaction, so conversations are answered side by side (at most
 * {@code model.max_concurrency} calls at once), a webhook's receipt never waits for a model, the order within a
 * conversation holds, and a conversation that changes while its message is prepared is prepared again.
 */
class StagesWithSlowModelTest {
    static final Duration DELAY = Duration.ofMillis(600);
    /** How long a step may take on a loaded two-core machine (the embedding model loads on the first message). */
    static final Duration WAIT = Duration.ofSeconds(90);

    static Map<ConfigKey, String> slowModel(ScriptedModelServer model, int concurrency) {
        return Map.of(ConfigKey.PLAYBOOK_INBOUND, "assistant", ConfigKey.MODEL_PROVIDER, "openai",
                ConfigKey.MODEL_BASE_URL, model.baseUrl(),
                ConfigKey.MODEL_NAME, "llama3.1:8b", ConfigKey.MODEL_MAX_CONCURRENCY, Integer.toString(concurrency),
                ConfigKey.MODEL_READ_TIMEOUT, "30", ConfigKey.MODEL_MAX_RETRIES, "0",
                ConfigKey.MODEL_CIRCUIT_FAILURES, "100");
    }

    static void scriptAssistant(ScriptedModelServer model) {
        model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}")
                .always("answer", body -> completion("Here is what I found for you."));
    }

    @Test
    void eightAssistantConversationsAreAnsweredSideBySideAndReceiptsNeverWait(@TempDir Path home) throws Exception {
        try (var model = new ScriptedModelServer().delay(DELAY);
             var parley = TestParley.start(home, Clock.systemUTC(), slowModel(model, 8), null)) {
            scriptAssistant(model);
            // The HTTP path warmed up first (the client's first connection, the listener's first request): the
            // receipts measured below are a running Parley's.
            assertThat(parley.http().postGeneric("wh-warm", ParleyHttp.message("warm", "sms", "+15557770999", "hi",
                    "noop"), Clock.systemUTC()).statusCode()).isEqualTo(202);
            long began = System.nanoTime();
            for (int m = 1; m <= 2; m++) {
                for (int c = 1; c <= 8; c++) {
                    parley.app.receive.receive(new InboundMessage("sms", "c" + c + "-m" + m, contact(c), contact(c),
                            "+15550199", "Question " + m + " about my order", null, null, null, null), "{}");
                }
            }
            // Meanwhile, fresh contacts' webhooks: each is acknowledged at once, whatever the model does.
            var acks = new ArrayList<Long>();
            int fresh = 0;
            int webhooks = 0;
            while (answered(parley) < 16 && System.nanoTime() - began < TimeUnit.SECONDS.toNanos(90)) {
                long sent = System.nanoTime();
                webhooks++;
                // (to a playbook that asks no model: what the receipt waits for is the point, not its answer)
                var response = parley.http().postGeneric("wh-fresh-" + webhooks, ParleyHttp.message("fresh-" + webhooks,
                        "sms", "+1555777000" + fresh, "hello", "noop"), Clock.systemUTC());
                acks.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent));
                assertThat(response.statusCode()).isEqualTo(202);
                fresh = (fresh + 1) % 10;
                Thread.sleep(250);
            }
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

            assertThat(answered(parley)).isEqualTo(16);
            assertThat(model.mostInFlight()).as("the model answered conversations side by side, within the limit")
                    .isEqualTo(8);
            // One conversation's two messages need their calls one after the other: 16 messages in series would
            // need eight times as long as eight conversations side by side.
            long callsPerMessage = Math.round(model.tasks().stream().filter(t -> !t.isEmpty()).count()
                    / 16.0);
            long serial = 16 * callsPerMessage * DELAY.toMillis();
            assertThat(elapsedMillis).as("answered side by side, not in series (%d ms)", serial)
                    .isLessThan(serial / 2);
            assertThat(acks).as("webhook receipts during the run (ms)").isNotEmpty()
                    .allSatisfy(ms -> assertThat(ms).isLessThan(1000));
            for (int c = 1; c <= 8; c++) {
                var ofContact = conversationReplies(parley, contact(c));
                assertThat(ofContact).as("contact %d: one reply per message, in the messages' order", c).hasSize(2);
                assertThat(messageIdOf(ofContact.get(0))).isLessThan(messageIdOf(ofContact.get(1)));
            }
        }
    }

    @Test
    void buyerSmsAndChimeInAreAnsweredBesideABusyConversation(@TempDir Path home) throws Exception {
        try (var model = new ScriptedModelServer().delay(DELAY);
             var parley = TestParley.start(home, Clock.systemUTC(), slowModel(model, 4), null)) {
            scriptAssistant(model);
            model.always("chime_in", "Ana said the thai place closes at ten.");
            model.always("respond", "Happy to help find warehouse space. What city and size?");
            // The busy one: six messages of one contact, one after the other, each asking the model several times.
            for (int m = 1; m <= 6; m++) {
                parley.app.receive.receive(new InboundMessage("sms", "busy-" + m, "+15550100", "+15550100",
                        "+15550199", "Question " + m, null, null, null, null), "{}");
            }
            await().atMost(WAIT).until(() -> model.inFlight() > 0);
            long began = System.nanoTime();
            parley.app.receive.receive(new InboundMessage("sms", "buyer-1", "+13135550301", "+13135550301",
                    "+15550199", "hi there", null, null, "buyer-sms", null), "{}");
            parley.app.receive.receive(new InboundMessage("chat", "chat-1", "friends", "ana", null,
                    "Where shall we eat? @parley what do you think?", null, null, null, null,
                    ChatDetails.forGenericMessage("chat", "friends", "ana")), "{}");
            await().atMost(Duration.ofSeconds(60)).until(() -> conversationReplies(parley, "+13135550301").size() == 1
                    && conversationReplies(parley, "friends").size() == 1);
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            assertThat(conversationReplies(parley, "+15550100").size())
                    .as("the busy conversation is still being answered (%d ms)", waited).isLessThan(6);
            assertThat(conversationReplies(parley, "friends").getFirst().text())
                    .isEqualTo("Ana said the thai place closes at ten.");
        }
    }

    @Test
    void anOperatorReplyDuringPrepareMakesTheMessagePrepareAgainAndNothingIsSentTwice(@TempDir Path home)
            throws Exception {
        var answerHeld = new CountDownLatch(1);
        try (var model = new ScriptedModelServer().holdUntil("answer", answerHeld);
             var parley = TestParley.start(home, Clock.systemUTC(), slowModel(model, 4), null)) {
            scriptAssistant(model);
            parley.app.receive.receive(new InboundMessage("sms", "op-1", "+15550111", "+15550111", "+15550199",
                    "Can someone call me back?", null, null, null, null), "{}");
            await().atMost(WAIT).until(() -> model.tasks().contains("answer"));
            // The first message's conversation exists once it commits: the operator replies while its second
            // message is being prepared.
            answerHeld.countDown();
            await().atMost(WAIT).until(() -> conversationReplies(parley, "+15550111").size() == 1);
            long conversation = parley.app.transactions.inTransaction(s -> s.conversations()
                    .findByKey("sms", "+15550111")).orElseThrow().id();
            long changedBefore = parley.app.stageMetrics.changed.sum();
            var again = new CountDownLatch(1);
            model.holdUntil("answer", again);
            parley.app.receive.receive(new InboundMessage("sms", "op-2", "+15550111", "+15550111", "+15550199",
                    "Are you there?", null, null, null, null), "{}");
            await().atMost(WAIT).until(() -> model.tasks().stream()
                    .filter("answer"::equals).count() == 2);
            parley.app.reply.reply(conversation, "Hi, this is Sam from the team. Calling you now.", "sam");
            again.countDown();
            await().atMost(WAIT).until(() -> conversationReplies(parley, "+15550111").size() == 2);

            assertThat(parley.app.stageMetrics.changed.sum()).as("prepared again after the operator's reply")
                    .isGreaterThan(changedBefore);
            var outbox = parley.app.find.detail(conversation).outbox();
            assertThat(outbox).filteredOn(r -> r.purpose().equals("operator_reply")).hasSize(1);
            assertThat(outbox).filteredOn(r -> r.purpose().equals("assistant_reply")).hasSize(2)
                    .extracting(OutboxEntry::cause).doesNotHaveDuplicates();
        }
    }

    @Test
    void aModelCallInsideATransactionIsRefused(@TempDir Path home) {
        try (var parley = TestParley.open(home, Clock.systemUTC(), Map.of())) {
            var request = ModelRequest.of("answer", List.of(dev.parley.application.model.ChatMessage.user("hi")),
                    () -> "offline answer");
            assertThat(parley.app.model.ask(request).content()).isEqualTo("offline answer");
            assertThatThrownBy(() -> parley.app.transactions.inTransaction(s -> parley.app.model.ask(request)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("inside a transaction");
        }
    }

    static String contact(int c) {
        return "+1555000100" + c;
    }

    /** How many replies the eight contacts have got so far. */
    static int answered(TestParley parley) {
        int answered = 0;
        for (int c = 1; c <= 8; c++) answered += conversationReplies(parley, contact(c)).size();
        return answered;
    }

    static List<OutboxEntry> conversationReplies(TestParley parley, String key) {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey(key.startsWith("+") ? "sms"
                        : "chat", key).map(c -> s.outbox().ofConversation(c.id())).orElse(List.of())).stream()
                .filter(r -> !r.purpose().equals("operator_reply"))
                .sorted(Comparator.comparingLong(OutboxEntry::id)).toList();
    }

    static long messageIdOf(OutboxEntry reply) {
        return Long.parseLong(reply.cause().substring(reply.cause().indexOf(':') + 1));
    }
}
