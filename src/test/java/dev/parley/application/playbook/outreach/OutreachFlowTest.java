package dev.parley.application.playbook.outreach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.OutboxStatus;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 000 §2.2 row by row, through the real pipeline, store and outbox. */
class OutreachFlowTest {
    static final String MATCH = "+15550123";
    @TempDir Path home;
    OutreachScenario s;
    long id;

    @BeforeEach
    void reachOut() {
        s = new OutreachScenario(home);
        id = s.start(MATCH, "Hi! We share a DNA match. Would you like to compare family trees?");
    }

    @AfterEach
    void close() {
        s.close();
    }

    @Test
    void initialSendMovesToAwaitingReplyAndLogsInitialOutreach() {
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("AwaitingReply");
        assertThat(d.events()).anyMatch(e -> e.type().equals("INITIAL_OUTREACH"));
        assertThat(d.events()).anyMatch(e -> "Initial".equals(e.fromState()) && "AwaitingReply".equals(e.toState())
                && "message_sent".equals(e.trigger()));
        assertThat(d.outbox()).singleElement().satisfies(o -> assertThat(o.status()).isEqualTo(OutboxStatus.SENT));
    }

    @Test
    void productiveReplyWithoutEntitiesGetsAGeneralReply() {
        s.inbound(MATCH, "Yes, happy to help! What would you like to know?");
        var d = s.detail(id);
        assertThat(path(d)).containsSubsequence("AwaitingReply>ProductiveEngagement", "ProductiveEngagement>AwaitingReply");
        assertThat(d.outbox()).anyMatch(o -> o.purpose().equals("general_reply") && o.status() == OutboxStatus.SENT);
    }

    @Test
    void productiveReplyWithDataIsExtractedIntoTasksAndAFollowUp() {
        s.inbound(MATCH, "Yes! My grandmother Mary O'Brien married John Walsh in Cork in 1911.");
        var d = s.detail(id);
        assertThat(path(d)).containsSubsequence("AwaitingReply>ProductiveEngagement",
                "ProductiveEngagement>ExtractionPending", "ExtractionPending>ExtractionComplete");
        assertThat(d.tasks()).isNotEmpty();
        assertThat(d.tasks()).anyMatch(t -> t.text().contains("1911") && t.text().contains("Cork"));
        assertThat(d.messages()).filteredOn(m -> m.direction() == Direction.IN).singleElement()
                .satisfies(m -> assertThat(m.dataJson()).contains("\"intent\":\"PRODUCTIVE\"").contains("Cork"));
        assertThat(d.conversation().state()).isIn("AwaitingReply", "Conclusion");
    }

    @Test
    void hostileReplyDesistsAndOptsTheContactOut() {
        s.inbound(MATCH, "Leave me alone.");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("Desist");
        assertThat(d.contact().status()).isEqualTo(ContactStatus.OPTED_OUT);
        assertThat(d.outbox()).hasSize(1);
    }

    @Test
    void politeDeclineConcludesWithAThankYouAndSaysWhichIntentDecided() {
        s.inbound(MATCH, "Thanks for reaching out, but I'm not really into family history. Best of luck with your "
                + "research!");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("Conclusion");
        assertThat(d.contact().status()).isNotEqualTo(ContactStatus.OPTED_OUT);
        assertThat(d.outbox()).hasSize(2);
        assertThat(d.outbox().getLast().text()).contains("Thank you for letting me know");
        assertThat(d.events()).filteredOn(e -> "Conclusion".equals(e.toState())).singleElement()
                .satisfies(e -> assertThat(e.detailJson()).contains("\"guard\":\"intent_not_interested\"")
                        .contains("intent NOT_INTERESTED (rules: matched NOT_INTERESTED 'not really into')"));
    }

    @Test
    void politeReplyConcludes() {
        s.inbound(MATCH, "Thanks for reaching out, good luck with your research!");
        assertThat(s.state(id)).isEqualTo("Conclusion");
        assertThat(s.detail(id).events()).anyMatch(e -> e.type().equals("archived"));
    }

    @Test
    void thirtyDaysWithoutReplyConclude() {
        s.advance(Duration.ofDays(29));
        assertThat(s.state(id)).isEqualTo("AwaitingReply");
        s.advance(Duration.ofDays(1).plusMinutes(1));
        assertThat(s.state(id)).isEqualTo("Conclusion");
        assertThat(s.detail(id).events()).anyMatch(e -> "timeout".equals(e.trigger()));
    }

    @Test
    void criticalAlertLocksEverythingAndStaysSilentEvenForAQueuedReply() {
        s.inboundWithoutSending(MATCH, "Yes, happy to help! What would you like to know?");
        assertThat(s.detail(id).outbox()).anyMatch(o -> o.status() == OutboxStatus.PENDING);
        s.inbound(MATCH, "Honestly I just want to die");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("HumanReview");
        assertThat(d.conversation().automationPaused()).isTrue();
        assertThat(d.conversation().criticalAlertTags()).contains("self_harm");
        assertThat(d.contact().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(d.alerts()).singleElement()
                .satisfies(a -> assertThat(a.severity()).isEqualTo(AlertSeverity.CRITICAL));
        assertThat(d.outbox()).filteredOn(o -> o.purpose().equals("general_reply")).singleElement()
                .satisfies(o -> assertThat(o.status()).isEqualTo(OutboxStatus.HELD));
        assertThat(d.outbox()).filteredOn(o -> o.status() == OutboxStatus.SENT).hasSize(1);

        s.inbound(MATCH, "Thanks anyway, bye");
        assertThat(s.detail(id).outbox()).filteredOn(o -> o.status() == OutboxStatus.SENT).hasSize(1);
        assertThat(s.state(id)).isEqualTo("HumanReview");
    }

    @Test
    void unblockResumesAutomation() {
        s.inbound(MATCH, "I will report you to the police");
        assertThat(s.state(id)).isEqualTo("HumanReview");
        s.parley.app.unblock.unblock(id, "AwaitingReply", "Spoke to them by phone; misunderstanding", "bob");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("AwaitingReply");
        assertThat(d.contact().status()).isEqualTo(ContactStatus.ACTIVE);
        assertThat(d.audit()).anyMatch(a -> a.action().equals("unblock") && a.actor().equals("bob"));
        s.inbound(MATCH, "Yes, happy to help! What would you like to know?");
        assertThat(s.detail(id).outbox()).anyMatch(o -> o.purpose().equals("general_reply")
                && o.status() == OutboxStatus.SENT);
    }

    @Test
    void highValueDiscoveryAlertsButAutomationContinues() {
        s.inbound(MATCH, "Yes! I have the family bible with births from 1850 in Galway.");
        var d = s.detail(id);
        assertThat(d.alerts()).anyMatch(a -> a.severity() == AlertSeverity.HIGH_VALUE);
        assertThat(d.conversation().automationPaused()).isFalse();
        assertThat(d.contact().status()).isEqualTo(ContactStatus.ACTIVE);
    }

    @Test
    void aCryForHelpNoPatternKnowsIsACriticalAlertFromTheModelWithItsScore() {
        s.inbound(MATCH, "I can't keep going, everyone would be better off without me");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("HumanReview");
        assertThat(d.contact().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(d.alerts()).singleElement().satisfies(a -> {
            assertThat(a.severity()).isEqualTo(AlertSeverity.CRITICAL);
            assertThat(a.source()).isEqualTo("model");
            assertThat(a.patternIds()).containsExactly("model:self_harm");
            assertThat(a.reasons()).contains("\"category\":\"self_harm\"").contains("\"tier\":\"CRITICAL\"")
                    .doesNotContain("better off");
        });
        // The vector the screen used is stored with the message, for chime-in and recall to reuse.
        long inbound = d.messages().stream().filter(m -> m.direction() == Direction.IN).findFirst().orElseThrow().id();
        var app = s.parley.app;
        java.util.Map<Long, dev.parley.domain.embedding.Embedding> stored = app.transactions.inTransaction(
                store -> store.embeddings().ofMessages(java.util.List.of(inbound),
                        app.messageEmbeddings.embedder().model()));
        assertThat(stored).containsKey(inbound);
    }

    @Test
    void theReviewTierPausesTheConversationWithoutBlockingTheContact() {
        s.inboundWithoutSending(MATCH, "Yes, happy to help! What would you like to know?");
        s.inbound(MATCH, "Some days I don't see the point of anything");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("HumanReview");
        assertThat(d.conversation().automationPaused()).isTrue();
        assertThat(d.contact().status()).isEqualTo(ContactStatus.ACTIVE);
        assertThat(d.alerts()).singleElement().satisfies(a -> {
            assertThat(a.severity()).isEqualTo(AlertSeverity.WARNING);
            assertThat(a.categories()).containsExactly("self_harm");
            assertThat(a.reasons()).contains("\"tier\":\"REVIEW\"");
        });
        assertThat(path(d)).last().isEqualTo("AwaitingReply>HumanReview");
        assertThat(d.events()).anyMatch(e -> "review_alert".equals(e.trigger()));
        // Nothing more goes out automatically while paused, the queued reply included.
        assertThat(d.outbox()).filteredOn(o -> o.status() == OutboxStatus.SENT).hasSize(1);
        s.inbound(MATCH, "Thanks anyway, bye");
        assertThat(s.detail(id).outbox()).filteredOn(o -> o.status() == OutboxStatus.SENT).hasSize(1);
    }

    @Test
    void anOptOutTheModelFindsDistressingStillDesistsAndAnOperatorIsWarned() {
        s.inbound(MATCH, "Leave me alone.");
        var d = s.detail(id);
        assertThat(d.conversation().state()).isEqualTo("Desist");
        assertThat(d.contact().status()).isEqualTo(ContactStatus.OPTED_OUT);
        assertThat(d.alerts()).singleElement().satisfies(a -> {
            assertThat(a.severity()).isEqualTo(AlertSeverity.WARNING);
            assertThat(a.categories()).containsExactly("self_harm");
        });
    }

    @Test
    void everydayHyperboleGoesOnAsUsualAndKeepsTheModelScoresOnTheMessage() {
        s.inbound(MATCH, "this traffic is killing me, but yes, happy to help! What would you like to know?");
        var d = s.detail(id);
        assertThat(d.alerts()).isEmpty();
        assertThat(d.conversation().automationPaused()).isFalse();
        assertThat(d.messages()).filteredOn(m -> m.direction() == Direction.IN).singleElement()
                .satisfies(m -> assertThat(m.dataJson()).contains("\"safety\"").contains("\"self_harm\"")
                        .contains("\"intent\""));
    }

    private static java.util.List<String> path(dev.parley.application.operator.FindConversations.Detail d) {
        return d.events().stream().filter(e -> e.type().equals("transition"))
                .map(e -> e.fromState() + ">" + e.toState()).toList();
    }
}
