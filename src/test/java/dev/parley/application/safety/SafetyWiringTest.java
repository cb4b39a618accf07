package dev.parley.application.safety;

import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.safety.SafetyDecisionRow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.JsonDocuments;
import dev.parley.application.ManualClock;
import dev.parley.application.store.SafetyDecisions;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.Message;
import dev.parley.domain.message.OutboxEntry;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import dev.parley.testing.WiringSafety;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002 wired into the pipeline, end to end on a real H2 file store and the real listener: each inbound decision's
 * effect, the outbound decisions on automated and operator messages, and the decision records (no content). The home
 * carries a test {@code safety.json} with one made-up word per decision, so the shipped lexicons may change freely.
 */
class SafetyWiringTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    @TempDir Path home;
    final ManualClock clock = new ManualClock(T0);
    final WiringSafety.EchoPlaybook echo = new WiringSafety.EchoPlaybook();
    TestParley parley;
    ParleyHttp http;
    int sequence;

    @BeforeEach
    void start() throws Exception {
        WiringSafety.writePolicy(home);
        // The learned heads stay on, as in a real install. Their embedding slows each transaction, which once let
        // this test's explicit runDue and the background scheduler both run one release job (the echo playbook saw
        // the released message twice); a job's claim now reads its row for update (ConcurrentJobRunnersTest).
        parley = TestParley.start(home, clock, Map.of(), null, List.of(echo));
        http = parley.http();
    }

    @AfterEach
    void stop() {
        parley.close();
    }

    long post(String from, String text) {
        var id = "m" + (++sequence);
        var response = http.postGeneric("wh-" + id, ParleyHttp.message(id, "sms", from, text, "echo"), clock);
        assertThat(response.statusCode()).isEqualTo(202);
        long inboxId = ParleyHttp.json(response).get("message_id").asLong();
        await().atMost(Duration.ofSeconds(20)).until(() -> tx(s -> s.inbox().find(inboxId)).orElseThrow().status()
                == InboxStatus.PROCESSED);
        return inboxId;
    }

    <T> T tx(java.util.function.Function<dev.parley.application.store.Store, T> work) {
        return parley.app.transactions.inTransaction(work::apply);
    }

    List<Message> visible(String from) {
        long conversation = conversationOf(from);
        List<Message> out = tx(st -> st.messages().visibleToAutomation(conversation));
        return out;
    }

    List<String> auditActions(long messageId) {
        List<String> out = tx(st -> st.audit().forTarget("message", messageId).stream().map(a -> a.action())
                .toList());
        return out;
    }

    List<SafetyDecisionRow> decisions(long conversation) {
        List<SafetyDecisionRow> out = tx(st -> st.safetyDecisions().ofConversation(conversation));
        return out;
    }

    String outboxDecision(long outboxId) {
        String out = tx(st -> st.safetyDecisions().ofOutbox(outboxId).orElseThrow().decision());
        return out;
    }

    long conversationOf(String from) {
        return tx(s -> s.conversations().findByKey("sms", from)).orElseThrow().id();
    }

    Message lastInbound(String from) {
        long conversation = conversationOf(from);
        List<Message> all = tx(s -> s.messages().ofConversation(conversation));
        return all.stream().filter(m -> m.direction() == dev.parley.domain.message.Direction.IN)
                .reduce((a, b) -> b).orElseThrow();
    }

    SafetyDecisionRow decisionOf(Message m) {
        return tx(s -> s.safetyDecisions().ofMessage(m.id())).orElseThrow();
    }

    List<OutboxEntry> outbox(String from) {
        long conversation = conversationOf(from);
        return tx(s -> s.outbox().ofConversation(conversation));
    }

    OutboxEntry settled(String from, int index) {
        await().atMost(Duration.ofSeconds(20)).until(() -> outbox(from).size() > index
                && outbox(from).get(index).status() != OutboxStatus.PENDING
                && outbox(from).get(index).status() != OutboxStatus.SENDING);
        return outbox(from).get(index);
    }

    static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void deliveredMessageGoesOnAndItsDecisionKeepsNoContent() throws Exception {
        var text = "Hello there, is the unit on Main Street still free?";
        post("+15550101", text);
        var m = lastInbound("+15550101");
        assertThat(m.text()).isEqualTo(text);
        assertThat(m.status()).isEqualTo("RECEIVED");
        var d = decisionOf(m);
        assertThat(d.direction()).isEqualTo("inbound");
        assertThat(d.decision()).isEqualTo("DELIVER");
        assertThat(d.contentSha256()).isEqualTo(sha256(text));
        assertThat(d.traceId()).hasSize(32);
        assertThat(d.policyVersion()).isNotBlank();
        assertThat(d.toString()).doesNotContain("Main Street");
        assertThat(settled("+15550101", 0).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(echo.seen).containsExactly(text);
        // The timeline carries the decision event.
        long conversation = conversationOf("+15550101");
        var events = tx(s -> s.timeline().ofConversation(conversation));
        var decision = events.stream().filter(e -> e.type().equals("decision")).findFirst().orElseThrow();
        var detail = JsonDocuments.read(decision.detailJson());
        assertThat(detail).containsEntry("kind", "decision").containsEntry("conversation", "+15550101")
                .containsEntry("direction", "inbound").containsEntry("decision", "deliver")
                .containsKey("risk_categories").containsEntry("enforcement_reason", "none")
                .containsEntry("trace_id", d.traceId());
        assertThat(decision.detailJson()).doesNotContain("Main Street");
        // The outbound reply has its own decision.
        assertThat(outboxDecision(outbox("+15550101").get(0).id())).isEqualTo("ALLOW");
    }

    @Test
    void summarisedMessageReachesAutomationOnlyAsItsSummaryAndTheOriginalIsRevealedAudited() {
        post("+15550102", "Hi, I have a question about the listing");
        var original = "You zzrude, answer me about the listing";
        post("+15550102", original);
        var m = lastInbound("+15550102");
        assertThat(decisionOf(m).decision()).isEqualTo("SUMMARIZE");
        assertThat(m.text()).as("stored as the safe summary").isNotEqualTo(original).doesNotContain("zzrude");
        assertThat(echo.seen).last().isEqualTo(m.text());
        assertThat(visible("+15550102")).noneMatch(x -> x.text().contains("zzrude"));
        assertThat(parley.app.revealOriginal.reveal(m.id(), "alice")).contains(original);
        assertThat(auditActions(m.id())).containsExactly("reveal_original");
    }

    @Test
    void delayedMessageIsHiddenUntilTheScheduledReleaseThenAutomationActs() {
        post("+15550103", "Hi, quick question");
        post("+15550103", "zzhurry, tell me today");
        var m = lastInbound("+15550103");
        var d = decisionOf(m);
        assertThat(d.decision()).isEqualTo("DELAY");
        assertThat(d.delayUntil()).isEqualTo(T0.plus(Duration.ofMinutes(60)));
        assertThat(m.status()).isEqualTo("DELAYED");
        assertThat(echo.seen).containsExactly("Hi, quick question");
        assertThat(visible("+15550103")).extracting(Message::id).doesNotContain(m.id());

        clock.advance(Duration.ofMinutes(59));
        parley.app.runDueJobs.runDue(10);
        assertThat(echo.seen).hasSize(1);

        clock.advance(Duration.ofMinutes(2));
        parley.app.runDueJobs.runDue(10);
        await().atMost(Duration.ofSeconds(20)).until(() -> echo.seen.size() == 2);
        assertThat(echo.seen).last().isEqualTo("zzhurry, tell me today");
        assertThat(tx(s -> s.messages().find(m.id())).orElseThrow().status()).isEqualTo("RECEIVED");
        assertThat(settled("+15550103", 1).status()).as("its answer has its own decision")
                .isIn(OutboxStatus.SENT, OutboxStatus.DENIED);
    }

    @Test
    void silencedMessageWaitsUnderHeldUntilAnOperatorReleasesIt() {
        post("+15550104", "zzscam: your parcel fee is due");
        var m = lastInbound("+15550104");
        assertThat(decisionOf(m).decision()).isEqualTo("SILENCE");
        assertThat(m.status()).isEqualTo("SILENCED");
        assertThat(echo.seen).isEmpty();
        assertThat(outbox("+15550104")).isEmpty();

        assertThat(parley.app.releaseFiltered.release(m.id(), "alice")).isTrue();
        await().atMost(Duration.ofSeconds(20)).until(() -> echo.seen.size() == 1);
        assertThat(tx(s -> s.messages().find(m.id())).orElseThrow().status()).isEqualTo("RECEIVED");
        assertThat(tx(s -> s.safetyDecisions().ofMessageSafety(m.id())).orElseThrow().releasedBy())
                .isEqualTo("alice");
        assertThat(auditActions(m.id())).containsExactly("release_message");
        assertThat(parley.app.releaseFiltered.release(m.id(), "alice")).as("released once").isFalse();
    }

    @Test
    void escalatedMessageTakesTheCriticalAlertPath() {
        post("+15550105", "zzcrisis tonight");
        var m = lastInbound("+15550105");
        assertThat(decisionOf(m).decision()).isEqualTo("ESCALATE");
        var conversation = conversationOf("+15550105");
        var alerts = tx(s -> s.alerts().ofConversation(conversation));
        assertThat(alerts).singleElement().satisfies(a -> {
            assertThat(a.severity()).isEqualTo(AlertSeverity.CRITICAL);
            assertThat(a.categories()).contains("self_harm_triggers");
            assertThat(a.source()).isEqualTo("safety");
        });
        assertThat(tx(s -> s.contacts().find(s.conversations().find(conversation).orElseThrow().contactId()))
                .orElseThrow().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(echo.seen).isEmpty();
    }

    @Test
    void automatedMessagesAreDeniedOrSentAsTheRewrite() {
        post("+15550106", "say-deny");
        var denied = settled("+15550106", 0);
        assertThat(denied.status()).isEqualTo(OutboxStatus.DENIED);
        assertThat(denied.reason()).startsWith("safety: content_risk (trace ");

        post("+15550106", "say-rewrite");
        var rewritten = settled("+15550106", 1);
        assertThat(rewritten.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(rewritten.text()).as("the rewrite was sent").doesNotContain("zzguilt");
        assertThat(outboxDecision(rewritten.id())).isEqualTo("SOFT_REWRITE");
    }

    @Test
    void operatorMessagesAreDeniedButARewriteIsTheOperatorsChoice() {
        post("+15550107", "Hello");
        settled("+15550107", 0);
        var conversation = conversationOf("+15550107");
        var check = parley.app.checkOutgoing.check(conversation, "You zzguilt me an answer").result();
        assertThat(check.decision().name()).isEqualTo("SOFT_REWRITE");
        assertThat(check.safeOutput().messagePrimary()).doesNotContain("zzguilt");
        assertThat(decisions(conversation)).as("a check records nothing").hasSize(2);

        parley.app.reply.reply(conversation, "You zzguilt me an answer", "alice");
        var asWritten = settled("+15550107", 1);
        assertThat(asWritten.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(asWritten.text()).isEqualTo("You zzguilt me an answer");

        parley.app.reply.reply(conversation, "zzscam zzscam today", "alice");
        var denied = settled("+15550107", 2);
        assertThat(denied.status()).isEqualTo(OutboxStatus.DENIED);
        assertThat(denied.reason()).startsWith("safety: ");
    }
}
