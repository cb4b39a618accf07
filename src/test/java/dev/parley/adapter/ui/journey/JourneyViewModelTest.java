package dev.parley.adapter.ui.journey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.CurrentThreadTaskExecutor;
import dev.parley.adapter.ui.dashboard.DashboardViewModel;
import dev.parley.adapter.ui.escalation.EscalationsViewModel;
import dev.parley.application.playbook.buyer.BuyerScenario;
import dev.parley.domain.buyer.Phase;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The buyer journey in the console on a real store: what the Escalations queue and the conversation view show
 * (phase, need, matches, focus, engagement, links, nudges, the next scheduled message), "send now" and "cancel"
 * (audited with the operator's name), and the dashboard's funnel and medians.
 */
class JourneyViewModelTest {
    static final String BUYER = "+13135550701";
    @TempDir Path home;
    BuyerScenario s;
    JourneyViewModel model;

    @BeforeEach
    void open() {
        s = new BuyerScenario(home);
        s.inbound(BUYER, "Need 15,000 sqft near Detroit for auto parts storage");
        s.inbound(BUYER, "Tell me more about the Commerce one");
        s.inbound(BUYER, "Let's book it. I'm Sarah Chen, sarah@acmecorp.com");
        model = new JourneyViewModel(s.parley.app.buyerJourneys, new CurrentThreadTaskExecutor(), () -> "alice");
    }

    @AfterEach
    void close() {
        s.close();
    }

    @Test
    void theJourneyAndItsNextMessageWhichAnOperatorSendsNowOrCancels() {
        long id = s.conversation(BUYER);
        model.show(id);
        var j = model.journey().get();
        assertThat(j.phase()).isEqualTo(Phase.GUARANTEE_PENDING.stateName());
        assertThat(model.summary().get()).contains("Phase GUARANTEE_PENDING · need active · 15,000 sqft · Detroit",
                "Matches: Commerce Twp 18,000 sqft", "Focused: Commerce Twp Distribution Center (MI-COMMERCE-01)",
                "Engagement: #1 MI-COMMERCE-01 booking initiated, held until", "Link guarantee: pending");
        assertThat(model.next().get()).startsWith("Next: Nudge (GUARANTEE_PENDING #1) at ");
        assertThat(model.sendNow().executable().get()).isTrue();

        int before = s.sent(BUYER).size();
        assertThat(model.sendNow().execute()).isTrue();
        s.settle();
        assertThat(s.sent(BUYER)).hasSize(before + 1);
        assertThat(s.last(BUYER)).isEqualTo("Just sent the guarantee link — takes 30 seconds. Let me know if you have "
                + "questions.");
        assertThat(model.status().get()).isEqualTo("Sent now: Nudge (GUARANTEE_PENDING #1)");
        assertThat(model.next().get()).startsWith("Next: Nudge (GUARANTEE_PENDING #2)");

        assertThat(model.cancel().execute()).isTrue();
        assertThat(model.journey().get().nudgeCounts()).containsEntry("GUARANTEE_PENDING", 2);
        assertThat(model.next().get()).startsWith("Next: Hold expiring (24 h)");
        s.advance(Duration.ofHours(5));
        assertThat(s.sent(BUYER)).hasSize(before + 1);

        var audit = s.parley.app.transactions.inTransaction(st -> st.audit().forTarget("conversation", id));
        assertThat(audit).filteredOn(a -> a.actor().equals("alice")).extracting(a -> a.detailJson())
                .anySatisfy(d -> assertThat(d).contains("send_scheduled"))
                .anySatisfy(d -> assertThat(d).contains("cancel_scheduled"));
    }

    @Test
    void theOperatorConfirmsTheOwnersTourTimeSendsTheAgreementAndCompletesTheDeal() {
        long id = s.conversation(BUYER);
        s.parley.app.externalEvent.deliver(id, "guarantee_signed", java.util.Map.of(), null);
        s.inbound(BUYER, "Thursday morning");
        model.show(id);
        assertThat(model.confirmTour().executable().get()).isFalse();
        assertThat(model.agreement().executable().get()).isFalse();
        model.when().set("Thursday");
        assertThat(model.confirmTour().executable().get()).isFalse();
        model.when().set("2025-02-27 10:00");
        assertThat(model.confirmTour().execute()).isTrue();
        s.settle();
        assertThat(s.phase(BUYER)).isEqualTo(Phase.ACTIVE.stateName());
        assertThat(s.last(BUYER)).startsWith("Tour confirmed — Thursday February 27 at 10:00 AM at 4200 Katy Freeway");
        assertThat(model.status().get()).isEqualTo("Tour confirmed for 2025-02-27 10:00 America/Detroit");
        assertThat(model.agreement().execute()).isTrue();
        s.settle();
        assertThat(s.last(BUYER)).startsWith("Your agreement is ready to sign: http");
        model.when().set("2025-04-01");
        assertThat(model.dealDone().execute()).isTrue();
        s.settle();
        assertThat(s.phase(BUYER)).isEqualTo(Phase.COMPLETED.stateName());
        var audit = s.parley.app.transactions.inTransaction(st -> st.audit().forTarget("conversation", id));
        assertThat(audit).filteredOn(a -> a.actor().equals("alice")).hasSize(3);
    }

    @Test
    void theEscalationsQueueShowsTheJourneyOfTheSelectedCase() {
        s.inbound(BUYER, "Can trucks park overnight there?");
        var escalations = new EscalationsViewModel(s.parley.app.replyTool, new CurrentThreadTaskExecutor(), s.clock,
                () -> "alice", id -> { }, model);
        escalations.refresh();
        escalations.select(escalations.rows().getFirst());
        assertThat(model.journey().get()).isNotNull();
        assertThat(model.summary().get()).contains("Phase GUARANTEE_PENDING", "booking initiated");
    }

    @Test
    void theDashboardFunnelCountsConversationsByPhaseWithMedians() {
        s.inbound("+13135550702", "Need 30k sqft in Houston for ecommerce fulfillment");
        s.inbound("+13135550703", "Hi");
        var f = s.parley.app.buyerJourneys.funnel(DashboardViewModel.FUNNEL_LIMIT);
        assertThat(f.byPhase()).containsEntry(Phase.GUARANTEE_PENDING, 1L).containsEntry(Phase.PRESENTING, 1L)
                .containsEntry(Phase.INTAKE, 1L).containsEntry(Phase.ACTIVE, 0L);
        assertThat(f.medianToFirstMatch()).isEqualTo(Duration.ZERO);
        assertThat(f.medianToTour()).isNull();
        assertThat(DashboardViewModel.medians(f)).isEqualTo("Median time to first match: <1m · to a confirmed tour: "
                + "none yet");
    }
}
