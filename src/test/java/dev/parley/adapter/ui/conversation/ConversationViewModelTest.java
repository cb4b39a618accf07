package dev.parley.adapter.ui.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.ConversationAlert;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationViewModelTest {
    @TempDir Path home;
    ConsoleFixture fx;
    long id;
    ConversationViewModel model;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
        id = fx.startConversation("+15550111", "Hello from Parley");
        model = new ConversationViewModel(fx.context, id, () -> "Dana");
        model.load();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    java.util.List<dev.parley.domain.conversation.AuditEntry> audit() {
        return fx.tx().inTransaction(s -> s.audit().forTarget("conversation", id));
    }

    @Test
    void showsTimelineContactDiagramAndChecks() {
        assertThat(model.state().get()).isEqualTo("Open");
        assertThat(model.timeline()).anyMatch(e -> e.kind().equals("message-out") && e.text().equals(
                "Hello from Parley"));
        assertThat(model.timeline()).anyMatch(e -> e.kind().equals("operator") && e.title().contains("Dana"));
        assertThat(model.contactFacts()).anyMatch(f -> f.startsWith("Status: ACTIVE"));
        assertThat(model.diagram().get().boxes()).extracting(DiagramLayout.Box::state).containsExactly("Open");
        assertThat(model.path()).containsExactly("Open");
        assertThat(model.canSend().get()).as("empty draft").isFalse();
        model.draft().set("A reply");
        assertThat(model.checks()).allMatch(c -> c.level() == OutboundCheck.Level.PASS);
        assertThat(model.canSend().get()).isTrue();
    }

    @Test
    void aSummarisedMessageShowsItsSafeOutputFirstAndTheOriginalOnlyWhenRevealedAudited() {
        fx.inbound(id, "+15550111", "You stupid idiot, what is the date?");
        model.load();
        var entry = model.timeline().stream().filter(e -> e.kind().equals("message-in")).reduce((a, b) -> b)
                .orElseThrow();
        assertThat(entry.title()).endsWith(" · safety summarize");
        assertThat(entry.text()).startsWith("Safe output · urgency ").doesNotContain("stupid idiot")
                .contains("original withheld");
        assertThat(model.originalsWithheld().get()).isTrue();
        assertThat(model.timeline()).anyMatch(e -> e.kind().equals("decision")
                && e.title().startsWith("Safety · inbound · summarize · harassment"));

        model.revealOriginals();
        var revealed = model.timeline().stream().filter(e -> e.kind().equals("message-in")).reduce((a, b) -> b)
                .orElseThrow();
        assertThat(revealed.text()).contains("— original (revealed): You stupid idiot, what is the date?");
        assertThat(model.originalsWithheld().get()).isFalse();
        long messageId = fx.tx().inTransaction(s -> s.messages().ofConversation(id)).stream()
                .filter(m -> m.direction() == dev.parley.domain.message.Direction.IN).reduce((a, b) -> b)
                .orElseThrow().id();
        java.util.List<dev.parley.domain.conversation.AuditEntry> audit = fx.tx().inTransaction(s -> s.audit()
                .forTarget("message", messageId));
        assertThat(audit).singleElement().satisfies(a -> {
            assertThat(a.action()).isEqualTo("reveal_original");
            assertThat(a.actor()).isEqualTo("Dana");
        });
    }

    @Test
    void replyGoesThroughTheOutboxAndIsAudited() {
        model.draft().set("Thanks!");
        model.reply();
        assertThat(model.draft().get()).isEmpty();
        assertThat(model.status().get()).isEqualTo("Reply queued");
        var outbox = fx.tx().inTransaction(s -> s.outbox().ofConversation(id));
        assertThat(outbox).anyMatch(o -> o.text().equals("Thanks!") && o.actor().equals("Dana"));
        assertThat(audit())
                .anyMatch(a -> a.action().equals("reply"));
    }

    @Test
    void aReplyOnAConversationAnotherOperatorClaimedAsksFirst() {
        fx.tx().run(s -> s.claims().claim(id, "Eve", java.time.Instant.now()));
        model.draft().set("Thanks!");
        model.reply();
        assertThat(model.claimedBy().get()).isEqualTo("Eve");
        assertThat(model.status().get()).isEqualTo("conversation " + id + " is claimed by Eve");
        assertThat(model.draft().get()).as("kept until the operator decides").isEqualTo("Thanks!");
        java.util.List<dev.parley.domain.message.OutboxEntry> before = fx.tx().inTransaction(
                s -> s.outbox().ofConversation(id));
        assertThat(before).noneMatch(o -> o.text().equals("Thanks!"));
        model.replyOverClaim();
        assertThat(model.claimedBy().get()).isNull();
        assertThat(model.status().get()).isEqualTo("Reply queued");
        java.util.List<dev.parley.domain.message.OutboxEntry> after = fx.tx().inTransaction(
                s -> s.outbox().ofConversation(id));
        assertThat(after).anyMatch(o -> o.text().equals("Thanks!"));
        assertThat(audit()).anyMatch(a -> a.action().equals("reply") && a.detailJson().contains("over_claim_of"));
    }

    @Test
    void presenceIsAnnouncedOnActivityChangesAndOthersAreShownUntilTheyLeave() {
        var announced = new java.util.concurrent.CopyOnWriteArrayList<dev.parley.application.PipelineEvent>();
        fx.parley.app.events.subscribe(announced::addAll);
        model.announce(false);
        model.draft().set("Hel");
        model.draft().set("Hello");
        model.draft().set("");
        model.leave();
        assertThat(announced).filteredOn(e -> e instanceof dev.parley.application.PipelineEvent.OperatorPresent)
                .extracting(e -> ((dev.parley.application.PipelineEvent.OperatorPresent) e).activity())
                .containsExactly("viewing", "replying", "viewing", "left");

        var present = (java.util.function.BiFunction<String, String, dev.parley.application.PipelineEvent>)
                (who, what) -> new dev.parley.application.PipelineEvent.OperatorPresent(id, who, what);
        model.onPresence(java.util.List.of(present.apply("Eve", "viewing"), present.apply("Dana", "viewing"),
                new dev.parley.application.PipelineEvent.OperatorPresent(id + 1, "Zed", "viewing")));
        assertThat(model.presence().get()).as("not oneself, not another conversation").isEqualTo("Eve is viewing");
        model.onPresence(java.util.List.of(present.apply("Eve", "replying"), present.apply("Ann", "viewing")));
        assertThat(model.presence().get()).isEqualTo("Ann is viewing · Eve is replying");
        model.onPresence(java.util.List.of(present.apply("Ann", "left")));
        assertThat(model.presence().get()).isEqualTo("Eve is replying");
    }

    @Test
    void assignToMeReleaseAndTakingOverAnotherOperatorsClaim() {
        assertThat(model.claim().get()).isEmpty();
        model.assignToMe();
        assertThat(model.status().get()).isEqualTo("Assigned to you");
        assertThat(model.claim().get()).isEqualTo("Dana");
        model.release();
        assertThat(model.claim().get()).isEmpty();

        fx.tx().run(s -> s.claims().claim(id, "Eve", java.time.Instant.now()));
        model.load();
        assertThat(model.claim().get()).isEqualTo("Eve");
        model.assignToMe();
        assertThat(model.takeOverFrom().get()).as("asks before taking over").isEqualTo("Eve");
        assertThat(model.claim().get()).isEqualTo("Eve");
        model.takeOver();
        assertThat(model.claim().get()).isEqualTo("Dana");
        assertThat(audit()).filteredOn(a -> a.action().equals("claim")).last()
                .satisfies(a -> assertThat(a.detailJson()).contains("\"taken_over_from\":\"Eve\""));
    }

    @Test
    void unblockOffersOnlyResumableStatesAndNeedsANote() {
        fx.raiseCritical(id, "self-harm");
        model.load();
        var dialog = model.unblockDialog();
        assertThat(dialog.states()).containsExactly("Open");
        assertThat(dialog.valid().get()).isFalse();
        dialog.note().set("   ");
        assertThat(dialog.valid().get()).isFalse();
        dialog.note().set("Spoke to them by phone");
        assertThat(dialog.valid().get()).isTrue();
        model.unblock(dialog);
        assertThat(model.timeline()).anyMatch(e -> e.kind().equals("transition")
                && e.title().contains("operator_unblock: Spoke to them by phone"));
        assertThat(audit())
                .anyMatch(a -> a.action().equals("unblock") && a.actor().equals("Dana"));
    }

    @Test
    void acknowledgeThenResolveAnAlert() {
        var alertId = fx.raiseCritical(id, "threat");
        model.load();
        assertThat(model.openAlerts()).hasSize(1);
        model.acknowledge(alertId);
        assertThat(model.openAlerts().getFirst().status()).isEqualTo(ConversationAlert.ACKNOWLEDGED);
        model.resolve(alertId, "Called them; all fine");
        assertThat(model.openAlerts()).isEmpty();
        var handled = model.detail().get().alerts().getFirst().handling();
        assertThat(handled.acknowledgedBy()).isEqualTo("Dana");
        assertThat(handled.resolvedBy()).isEqualTo("Dana");
        assertThat(handled.resolutionNote()).isEqualTo("Called them; all fine");
        assertThat(model.timeline()).anyMatch(e -> e.kind().equals("alert") && e.text().contains("acknowledged by "
                + "Dana after") && e.text().contains("resolved by Dana: Called them; all fine"));
        assertThat(audit())
                .extracting(a -> a.action()).contains("acknowledge_alert", "resolve_alert");
    }

    @Test
    void anOpportunityIsABadgeOnTheConversationUntilItsAlertIsResolved() {
        assertThat(model.opportunity().get()).isEmpty();
        var alertId = fx.tx().inTransaction(s -> {
            var c = s.conversations().find(id).orElseThrow();
            return s.alerts().raise(id, c.contactId(), null, AlertSeverity.HIGH_VALUE, java.util.List.of("high_value"),
                    java.util.List.of("hv1"), "pattern", java.time.Instant.now());
        });
        fx.raiseCritical(id, "threat");
        model.load();
        assertThat(model.opportunity().get()).isEqualTo("★ opportunity: high-value");
        model.resolve(alertId, "Asked for photos of the bible");
        assertThat(model.opportunity().get()).isEmpty();
    }

    @Test
    void desistOptsTheContactOutAndTheComposerShowsTheReplyWouldBeDenied() {
        model.markDesist("asked us to stop");
        assertThat(model.detail().get().contact().status()).isEqualTo(ContactStatus.OPTED_OUT);
        model.draft().set("one more thing");
        assertThat(model.checks()).anyMatch(c -> c.name().equals("Opt-out") && c.level() == OutboundCheck.Level.FAIL);
        assertThat(model.canSend().get()).isFalse();
    }

    @Test
    void aCannedReplyIsInsertedBySlashAndNameFilledAndSentThroughTheSameChecks() {
        long outreach = fx.startOutreach("+15550131");
        fx.inbound(outreach, "+15550131", "Yes, happy to help!", "Mary Walsh");
        var vm = new ConversationViewModel(fx.context, outreach, () -> "Dana");
        vm.load();
        vm.draft().set("Lovely to hear from you. /th");
        assertThat(vm.suggestions()).containsExactly("thanks");
        assertThat(vm.insertFirstSuggestion()).isTrue();
        assertThat(vm.draft().get()).isEqualTo("Lovely to hear from you. Thank you, Mary Walsh! This is really "
                + "helpful. — Dana");
        assertThat(vm.suggestions()).isEmpty();
        assertThat(vm.checks()).allMatch(c -> c.level() == OutboundCheck.Level.PASS);
        vm.reply();
        var sent = fx.tx().inTransaction(s -> s.outbox().ofConversation(outreach));
        assertThat(sent).anyMatch(o -> o.text().startsWith("Lovely to hear from you. Thank you, Mary Walsh!")
                && o.actor().equals("Dana") && o.operatorExplicit());

        // a variable without a value stays, and the composer will not send it
        vm.draft().set("/property");
        vm.insertFirstSuggestion();
        assertThat(vm.draft().get()).contains("{last_property}");
        assertThat(vm.status().get()).contains("write in {last_property}");
        assertThat(vm.checks()).anyMatch(c -> c.name().equals("Placeholders") && c.level()
                == OutboundCheck.Level.FAIL);
        assertThat(vm.canSend().get()).isFalse();
    }
}
