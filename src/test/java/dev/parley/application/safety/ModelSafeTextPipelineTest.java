package dev.parley.application.safety;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonDocuments;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.OpenAiResponses;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.TestParley;
import dev.parley.testing.WiringSafety;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code safety.rewrite=model} end to end (ADR 0020) on a real H2 file store: an OpenAI-compatible model on
 * MockWebServer writes the rewrite and the summary, the validator checks its text again, and the signed-webhook sender
 * delivers to a second MockWebServer, so the body that left is the one asserted. The home carries the wiring tests'
 * policy (one made-up word per decision).
 */
class ModelSafeTextPipelineTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    static final String DRAFT = WiringSafety.REWRITTEN;
    static final String MODEL_REWRITE = "After all this, I would like an answer.";

    @TempDir Path home;
    final ManualClock clock = new ManualClock(T0);
    final WiringSafety.EchoPlaybook echo = new WiringSafety.EchoPlaybook();
    ScriptedModelServer model;
    MockWebServer receiver;
    TestParley parley;
    int sequence;

    @BeforeEach
    void start() throws Exception {
        WiringSafety.writePolicy(home);
        model = new ScriptedModelServer();
        receiver = new MockWebServer();
        receiver.start();
        parley = TestParley.open(home, clock, Map.ofEntries(
                Map.entry(ConfigKey.SAFETY_REWRITE, "model"),
                Map.entry(ConfigKey.MODEL_PROVIDER, "openai"), Map.entry(ConfigKey.MODEL_BASE_URL, model.baseUrl()),
                Map.entry(ConfigKey.MODEL_NAME, "llama3.1:8b"), Map.entry(ConfigKey.MODEL_READ_TIMEOUT, "1"),
                Map.entry(ConfigKey.MODEL_MAX_RETRIES, "0"), Map.entry(ConfigKey.MODEL_CIRCUIT_FAILURES, "100"),
                Map.entry(ConfigKey.ALERTS_MODEL, "off"), Map.entry(ConfigKey.PLAYBOOK_INBOUND, "echo"),
                Map.entry(ConfigKey.SENDER, "webhook"),
                Map.entry(ConfigKey.SENDER_WEBHOOK_URL, receiver.url("/outbound").toString()),
                Map.entry(ConfigKey.SENDER_WEBHOOK_SECRET, TestParley.SECRET)), List.of(echo));
    }

    @AfterEach
    void stop() throws Exception {
        parley.close();
        model.close();
        receiver.close();
    }

    void inbound(String from, String text) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("sms", "SM" + (++sequence), from, from, "+15550000", text,
                null, null, null, null), "{}");
        parley.app.worker.drain();
    }

    void deliver() {
        receiver.enqueue(new MockResponse.Builder().code(200).body("{}").build());
        parley.app.deliverOutbox.deliverDue(10);
    }

    <T> T tx(java.util.function.Function<dev.parley.application.store.Store, T> work) {
        return parley.app.transactions.inTransaction(work::apply);
    }

    long conversationOf(String from) {
        return tx(s -> s.conversations().findByKey("sms", from)).orElseThrow().id();
    }

    List<OutboxEntry> outbox(String from) {
        long conversation = conversationOf(from);
        return tx(s -> s.outbox().ofConversation(conversation));
    }

    /** The detail of the conversation's last {@code decision} event of {@code direction}. */
    Map<String, Object> lastDecision(String from, String direction) {
        long conversation = conversationOf(from);
        var events = tx(s -> s.timeline().ofConversation(conversation));
        return events.stream().filter(e -> e.type().equals("decision")).map(e -> JsonDocuments.read(e.detailJson()))
                .filter(d -> direction.equals(d.get("direction"))).reduce((a, b) -> b).orElseThrow();
    }

    String sentText(RecordedRequest request) {
        return JsonDocuments.read(request.getBody().utf8()).get("text").toString();
    }

    Message lastInbound(String from) {
        long conversation = conversationOf(from);
        List<Message> all = tx(s -> s.messages().ofConversation(conversation));
        return all.stream().filter(m -> m.direction() == dev.parley.domain.message.Direction.IN)
                .reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void theModelsRewriteIsValidatedAgainAndSent() throws Exception {
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"" + MODEL_REWRITE + "\"}"));
        inbound("+15550201", "say-rewrite");
        deliver();

        var row = outbox("+15550201").getFirst();
        assertThat(row.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row.text()).isEqualTo(MODEL_REWRITE);
        assertThat(model.tasks()).as("one model call: the rewrite").containsExactly(ModelSafeText.REWRITE_TASK);
        assertThat(parley.app.model.calls().ofConversation(conversationOf("+15550201")))
                .extracting(c -> c.task() + "/" + c.provider() + "/" + c.outcome())
                .containsExactly("safety_rewrite/openai/ok");
        assertThat(model.bodies().getFirst()).contains("remove pressure", "payment demands", DRAFT);
        assertThat(receiver.getRequestCount()).isEqualTo(1);
        assertThat(sentText(receiver.takeRequest(5, TimeUnit.SECONDS))).isEqualTo(MODEL_REWRITE);

        var decision = lastDecision("+15550201", "outbound");
        assertThat(decision).containsEntry("decision", "rewrite").containsEntry("rewrite", "model")
                .doesNotContainKey("rewrite_fallback");
        assertThat(decision.toString()).doesNotContain("zzguilt", MODEL_REWRITE);
        var stored = tx(s -> s.safetyDecisions().ofOutbox(row.id())).orElseThrow();
        assertThat(stored.decision()).isEqualTo("SOFT_REWRITE");
        assertThat(stored.contentSha256()).as("the record hashes the original, not the rewrite")
                .isEqualTo(dev.parley.domain.safety.TraceIds.sha256(DRAFT));
        // The trace id does not depend on the model's answer: the composer's check of the same text at the same
        // instant, answered differently by the model, has the same id.
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"Something else entirely, kindly.\"}"));
        var checked = parley.app.checkOutgoing.withModelRewrite(conversationOf("+15550201"), DRAFT);
        assertThat(checked.result().traceId()).isEqualTo(stored.traceId());
    }

    @Test
    void aRewriteThatIsStillRiskyIsRefusedAndTheDeterministicOneIsSent() throws Exception {
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"You zzguilt me an answer. Pay the zzscam fee"
                + " today.\"}"));
        inbound("+15550202", "say-rewrite");
        deliver();

        var row = outbox("+15550202").getFirst();
        assertThat(row.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row.text()).doesNotContain("zzguilt", "zzscam").isNotEqualTo(DRAFT).isNotBlank();
        assertThat(sentText(receiver.takeRequest(5, TimeUnit.SECONDS))).isEqualTo(row.text());
        var decision = lastDecision("+15550202", "outbound");
        assertThat(decision).containsEntry("rewrite", "deterministic");
        assertThat(decision.get("rewrite_fallback").toString()).startsWith("revalidated: deny")
                .contains("financial_scam").doesNotContain("zzscam");
    }

    @Test
    void aFailingModelLeavesTheDeterministicRewriteAndTheMessageLeavesOnce() throws Exception {
        model.then(ModelSafeText.REWRITE_TASK, OpenAiResponses.error(500, "server_error", "The server had an error"));
        inbound("+15550203", "say-rewrite");
        deliver();
        var first = outbox("+15550203").getFirst();
        assertThat(first.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(first.text()).doesNotContain("zzguilt").isNotBlank();
        assertThat(lastDecision("+15550203", "outbound")).containsEntry("rewrite", "deterministic")
                .containsEntry("rewrite_fallback", "model_unavailable: http_error");

        // a model that does not answer in time (model.read_timeout=1)
        model.then(ModelSafeText.REWRITE_TASK, new MockResponse.Builder().code(200).bodyDelay(3, TimeUnit.SECONDS)
                .body("{}").build());
        inbound("+15550203", "say-rewrite");
        deliver();
        parley.app.deliverOutbox.deliverDue(10);
        var second = outbox("+15550203").get(1);
        assertThat(second.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(second.text()).isEqualTo(first.text());
        assertThat(lastDecision("+15550203", "outbound")).containsEntry("rewrite", "deterministic")
                .containsEntry("rewrite_fallback", "model_unavailable: timeout");
        assertThat(receiver.getRequestCount()).as("each message left once").isEqualTo(2);
        assertThat(model.tasks()).containsExactly(ModelSafeText.REWRITE_TASK, ModelSafeText.REWRITE_TASK);
    }

    @Test
    void theComposerOffersTheModelsRewriteBesideTheOriginal() {
        inbound("+15550204", "Hello");
        deliver();
        long conversation = conversationOf("+15550204");
        model.reset();
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"" + MODEL_REWRITE + "\"}"));
        var quick = parley.app.checkOutgoing.check(conversation, DRAFT);
        assertThat(quick.result().safeOutput().messagePrimary()).doesNotContain("zzguilt");
        assertThat(quick.modelRewrite()).isFalse();
        assertThat(model.tasks()).as("the quick check asks no model").isEmpty();
        var checked = parley.app.checkOutgoing.withModelRewrite(conversation, DRAFT);
        assertThat(checked.result().decision().name()).isEqualTo("SOFT_REWRITE");
        assertThat(checked.result().safeOutput().messagePrimary()).isEqualTo(MODEL_REWRITE);
        assertThat(checked.rewrite()).hasValueSatisfying(c -> assertThat(c.used()).isEqualTo("model"));
        assertThat(model.tasks()).containsExactly(ModelSafeText.REWRITE_TASK);

        // an answer still carrying the pressure word: the deterministic rewrite is offered, and says why
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"You zzguilt me.\"}"));
        var refused = parley.app.checkOutgoing.withModelRewrite(conversation, DRAFT + "!");
        assertThat(refused.result().safeOutput().messagePrimary()).doesNotContain("zzguilt")
                .isNotEqualTo(MODEL_REWRITE);
        assertThat(refused.rewrite()).hasValueSatisfying(c -> {
            assertThat(c.used()).isEqualTo("deterministic");
            assertThat(c.fallback()).startsWith("revalidated: rewrite");
        });
        assertThat(quick.result().traceId()).as("the same draft, model or not: the same trace id")
                .isEqualTo(checked.result().traceId());
    }

    @Test
    void aSummarisedInboundMessageCarriesTheModelsSummary() {
        inbound("+15550205", "Hi, I have a question about the listing");
        model.then(ModelSafeText.SUMMARY_TASK, completion("{\"text\": \"They want an answer about the listing.\"}"));
        var original = "You zzrude, answer me about the listing";
        inbound("+15550205", original);

        var m = lastInbound("+15550205");
        assertThat(tx(s -> s.safetyDecisions().ofMessage(m.id())).orElseThrow().decision()).isEqualTo("SUMMARIZE");
        assertThat(m.text()).startsWith("Summary of a message from src-")
                .endsWith("(filtered: harassment): They want an answer about the listing.");
        assertThat(echo.seen).last().isEqualTo(m.text());
        assertThat(model.tasks()).containsExactly(ModelSafeText.SUMMARY_TASK);
        assertThat(parley.app.model.calls().ofConversation(conversationOf("+15550205")))
                .extracting(c -> c.task() + "/" + c.outcome()).containsExactly("safety_summary/ok");
        assertThat(lastDecision("+15550205", "inbound")).containsEntry("decision", "summarize")
                .containsEntry("rewrite", "model");
        assertThat(parley.app.revealOriginal.reveal(m.id(), "alice")).contains(original);

        // a summary that repeats the insult is refused: the deterministic summary is stored
        model.then(ModelSafeText.SUMMARY_TASK, completion("{\"text\": \"They call you a zzrude.\"}"));
        inbound("+15550205", "You zzrude, where is the key?");
        var next = lastInbound("+15550205");
        assertThat(next.text()).as("the deterministic summary (the sentence with the insult dropped)")
                .isEqualTo("A message from src-" + dev.parley.domain.safety.TraceIds.sha256("+15550205").substring(0, 8)
                        + " was summarised away: it contained harassment.");
        assertThat(lastDecision("+15550205", "inbound")).containsEntry("rewrite", "deterministic")
                .containsEntry("rewrite_fallback", "revalidated: [harassment]");
    }

    @Test
    void settingsSwitchTheRewriteWithoutARestartAndRefuseAnUnknownValue() {
        parley.app.reconfigure(Map.of("safety.rewrite", "deterministic"));
        inbound("+15550206", "say-rewrite");
        deliver();
        var row = outbox("+15550206").getFirst();
        assertThat(row.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row.text()).doesNotContain("zzguilt").isNotBlank();
        assertThat(model.tasks()).as("no model is asked").isEmpty();
        assertThat(lastDecision("+15550206", "outbound")).containsEntry("rewrite", "deterministic")
                .doesNotContainKey("rewrite_fallback");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> parley.app.reconfigure(Map.of("safety.rewrite",
                        "llm"))).isInstanceOf(dev.parley.bootstrap.ConfigException.class)
                .hasMessageStartingWith("safety.rewrite: must be one of [deterministic, model]");
        assertThat(parley.app.currentConfig().get(ConfigKey.SAFETY_REWRITE)).isEqualTo("deterministic");

        parley.app.reconfigure(Map.of("safety.rewrite", "model"));
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"" + MODEL_REWRITE + "\"}"));
        inbound("+15550206", "say-rewrite");
        deliver();
        assertThat(outbox("+15550206").get(1).text()).isEqualTo(MODEL_REWRITE);
    }
}
