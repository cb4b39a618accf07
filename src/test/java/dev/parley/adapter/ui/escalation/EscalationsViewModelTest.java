package dev.parley.adapter.ui.escalation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.CurrentThreadTaskExecutor;
import dev.parley.application.catalog.CatalogEditor;
import dev.parley.application.playbook.buyer.BuyerScenario;
import dev.parley.domain.escalation.EscalationStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's Escalations queue and Reply Tool on a real store: countdown, answer, refusals. */
class EscalationsViewModelTest {
    static final String BUYER = "+13135550601";
    @TempDir Path home;
    BuyerScenario s;
    EscalationsViewModel model;
    final List<Long> opened = new ArrayList<>();

    @BeforeEach
    void open() {
        s = new BuyerScenario(home);
        s.inbound(BUYER, "Need 15,000 sqft near Detroit for auto parts storage");
        s.inbound(BUYER, "Tell me more about the Commerce one");
        s.inbound(BUYER, "Can trucks park overnight there?");
        model = new EscalationsViewModel(s.parley.app.replyTool, new CurrentThreadTaskExecutor(), s.clock,
                () -> "alice", opened::add);
        model.refresh();
    }

    @AfterEach
    void close() {
        s.close();
    }

    @Test
    void pendingEscalationsCountDownAndTurnOverdue() {
        assertThat(model.rows()).singleElement().satisfies(r -> {
            assertThat(r.question()).isEqualTo("Can trucks park overnight there?");
            assertThat(r.property()).isEqualTo("Commerce Twp · MI-COMMERCE-01");
            assertThat(r.buyer()).isEqualTo("•••• 0601");
            assertThat(r.sla().get()).isEqualTo("2h 00m left");
        });
        s.clock.advance(Duration.ofMinutes(90).plusSeconds(5));
        model.tick();
        assertThat(model.rows().getFirst().sla().get()).isEqualTo("29m 55s left");
        s.advance(Duration.ofMinutes(40));
        model.refresh();
        assertThat(model.rows().getFirst().sla().get()).isEqualTo("overdue 10m 05s (buyer nudged)");
        assertThat(model.rows().getFirst().overdue()).isTrue();
    }

    @Test
    void answeringFromTheConsoleReachesTheBuyerAndIsAudited() {
        model.select(model.rows().getFirst());
        assertThat(model.send().executable().get()).isFalse();
        model.answer().set("Yes, overnight truck parking is available in the fenced yard.");
        assertThat(model.send().execute()).isTrue();
        s.settle();
        assertThat(model.status().get()).startsWith("Sent to the buyer: Update on Commerce Twp — yes");
        assertThat(model.answer().get()).isEmpty();
        assertThat(s.last(BUYER)).startsWith("Update on Commerce Twp — yes, overnight truck parking");
        var thread = s.escalations(BUYER).getFirst();
        assertThat(thread.status()).isEqualTo(EscalationStatus.ANSWERED);
        assertThat(thread.answeredBy()).isEqualTo("alice");
        assertThat(model.rows().getFirst().sla().get()).startsWith("answered ").endsWith(" by alice");
        assertThat(s.parley.app.transactions.inTransaction((dev.parley.application.store.Store st) -> st.audit().forTarget("conversation",
                s.conversation(BUYER)))).anySatisfy(a -> assertThat(a.actor()).isEqualTo("alice"));
        model.openConversation();
        assertThat(opened).containsExactly(s.conversation(BUYER));
    }

    @Test
    void aRefusedAnswerSaysWhyAndKeepsTheText() {
        model.select(model.rows().getFirst());
        model.answer().set("Yes. " + "The yard is fenced and lit all night long. ".repeat(9));
        model.send().execute();
        assertThat(model.status().get()).startsWith("Not sent: the message would not pass the checks (garbage)");
        assertThat(model.answer().get()).startsWith("Yes. The yard");
        assertThat(s.escalations(BUYER).getFirst().status()).isEqualTo(EscalationStatus.PENDING);
    }

    @Test
    void theCatalogueShowsLearnedAnswersAndEditsAreAudited() {
        s.answer(s.escalations(BUYER).getFirst(), "Yes, in the fenced yard.", false);
        var catalogue = new dev.parley.adapter.ui.catalogue.CatalogueViewModel(new CatalogEditor(
                s.parley.app.transactions, s.clock), new CurrentThreadTaskExecutor(), () -> "alice");
        catalogue.refresh();
        assertThat(catalogue.rows()).hasSize(32);
        assertThat(catalogue.learned()).singleElement().satisfies(a -> {
            assertThat(a.answer()).isEqualTo("Yes, in the fenced yard.");
            assertThat(a.fieldKey()).isEqualTo("overnight_parking");
        });
        catalogue.filter().set("commerce twp");
        assertThat(catalogue.rows()).extracting(r -> r.ref()).containsExactly("MI-COMMERCE-01");
        catalogue.selected().set(catalogue.rows().getFirst());
        assertThat(catalogue.fields()).filteredOn(f -> f.field().key().equals("overnight_parking"))
                .singleElement().extracting(f -> f.shown()).isEqualTo("unknown");
        catalogue.editField().set(dev.parley.domain.catalog.Field.OVERNIGHT_PARKING);
        catalogue.editValue().set("yes");
        catalogue.save().execute();
        assertThat(catalogue.status().get()).isEqualTo("overnight parking of MI-COMMERCE-01 saved");
        assertThat(catalogue.fields()).filteredOn(f -> f.field().key().equals("overnight_parking"))
                .singleElement().extracting(f -> f.shown()).isEqualTo("Yes");
        catalogue.editField().set(dev.parley.domain.catalog.Field.DOCK_DOORS);
        catalogue.editValue().set("many");
        catalogue.save().execute();
        assertThat(catalogue.status().get()).startsWith("Not saved: is not a whole number");
        var propertyId = catalogue.selected().get().entry().property().id();
        assertThat(s.parley.app.transactions.inTransaction((dev.parley.application.store.Store st) -> st.audit().forTarget("property", propertyId)))
                .singleElement().satisfies(a -> assertThat(a.action()).isEqualTo("catalog_edit"));
    }
}
