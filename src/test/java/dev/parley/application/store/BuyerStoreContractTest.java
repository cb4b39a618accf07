package dev.parley.application.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.buyer.AnsweredQuestion;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.KnownAnswer;
import dev.parley.domain.catalog.LearnedAnswer;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The buyer-sms ports (catalogue, buyer states, escalation threads) as every store must keep them: run against the
 * Hibernate store and the in-memory store, it keeps the two equal.
 */
public abstract class BuyerStoreContractTest {
    protected static final Instant T0 = Instant.parse("2025-02-24T14:00:00Z");
    protected Transactions tx;
    private AutoCloseable closeStore;

    protected abstract AutoCloseable open(java.util.function.Consumer<Transactions> store) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        closeStore = open(t -> tx = t);
    }

    @AfterEach
    void closeStore() throws Exception {
        closeStore.close();
    }

    private <T> T in(Function<Store, T> work) {
        return tx.inTransaction(work);
    }

    private static Property property(String ref, String city, String phone) {
        return new Property(0, ref, "Warehouse " + ref, "1 Main St", city, "MI", "Detroit", "America/Detroit",
                List.of("storage", "distribution"), "Owner", phone, "desc", true);
    }

    private static Listing listing(int sqft, String rate) {
        return new Listing(0, 0, sqft, new BigDecimal(rate), LocalDate.of(2025, 3, 1), 3, 12, "3-12 month terms", true);
    }

    private long conversation(String key) {
        return in((Store s) -> {
            var contact = s.contacts().findOrCreate("aircall", key, null, T0);
            return s.conversations().create("aircall", key, "buyer-sms", "INTAKE", contact.id(), T0).id();
        });
    }

    @Test
    void propertiesAreUpsertedByRefWithListingsAndKnowledge() {
        var stored = in((Store s) -> s.catalog().saveProperty(property("A-1", "Commerce Twp", "+12485550140"), T0));
        assertThat(stored.id()).isEqualTo(1);
        in((Store s) -> s.catalog().replaceListings(stored.id(), List.of(listing(18000, "1.15"), listing(9000, "1.1"))));
        in((Store s) -> {
            s.catalog().saveKnowledge(new PropertyKnowledge(stored.id(), new BigDecimal("24"), 4, 0, false, null, null,
                    null, "400 amp, 3-phase", 20, null, true, null), T0);
            return null;
        });
        var again = in((Store s) -> s.catalog().saveProperty(property("A-1", "Pontiac", null), T0));
        assertThat(again.id()).isEqualTo(stored.id());
        assertThat(in((Store s) -> s.catalog().properties())).singleElement().extracting(Property::city).isEqualTo("Pontiac");
        var listings = in((Store s) -> s.catalog().listings(stored.id()));
        assertThat(listings).extracting(Listing::availableSqft).containsExactly(18000, 9000);
        assertThat(listings.get(1).baseRate()).isEqualTo(new BigDecimal("1.10"));
        assertThat(listings.getFirst().availableFrom()).isEqualTo(LocalDate.of(2025, 3, 1));
        var k = in((Store s) -> s.catalog().knowledge(stored.id()));
        assertThat(k.ceilingHeight()).isEqualByComparingTo("24");
        assertThat(k.overnightParking()).isNull();
        assertThat(k.sprinklerSystem()).isTrue();
        assertThat(in((Store s) -> s.catalog().knowledge(99))).isEqualTo(PropertyKnowledge.unknown(99));
        var replaced = in((Store s) -> s.catalog().replaceListings(stored.id(), List.of(listing(20000, "0.9"))));
        assertThat(in((Store s) -> s.catalog().listings(stored.id()))).containsExactlyElementsOf(replaced);
        var entry = in((Store s) -> s.catalog().entry(replaced.getFirst().id())).orElseThrow();
        assertThat(entry.property().ref()).isEqualTo("A-1");
        assertThat(entry.knowledge().dockDoors()).isEqualTo(4);
        assertThat(in((Store s) -> s.catalog().entry(999))).isEmpty();
    }

    @Test
    void activeEntriesSupplierLookupAndRefs() {
        var a = in((Store s) -> s.catalog().saveProperty(property("B-2", "Pontiac", "+12485550141"), T0));
        var b = in((Store s) -> s.catalog().saveProperty(property("A-1", "Warren", "+12485550142"), T0));
        var inactive = new Property(0, "C-3", "Closed", null, "Troy", "MI", "Detroit", null, List.of(), null,
                "+12485550143", null, false);
        var c = in((Store s) -> s.catalog().saveProperty(inactive, T0));
        in((Store s) -> s.catalog().replaceListings(a.id(), List.of(listing(1000, "1"))));
        in((Store s) -> s.catalog().replaceListings(b.id(), List.of(listing(2000, "1"),
                new Listing(0, 0, 3000, null, null, null, null, null, false))));
        in((Store s) -> s.catalog().replaceListings(c.id(), List.of(listing(4000, "1"))));
        assertThat(in((Store s) -> s.catalog().activeEntries())).extracting(e -> e.property().ref() + ":"
                + e.listing().availableSqft()).containsExactly("A-1:2000", "B-2:1000");
        assertThat(in((Store s) -> s.catalog().propertyOfSupplier("+12485550141"))).map(Property::ref).contains("B-2");
        assertThat(in((Store s) -> s.catalog().propertyOfSupplier("+12485550143"))).isEmpty();
        assertThat(in((Store s) -> s.catalog().propertyOfSupplier(null))).isEmpty();
        assertThat(in((Store s) -> s.catalog().propertyByRef("A-1"))).map(Property::city).contains("Warren");
        assertThat(in((Store s) -> s.catalog().properties())).extracting(Property::ref).containsExactly("A-1", "B-2", "C-3");
    }

    @Test
    void learnedAnswersPerPropertyAndForAll() {
        var a = in((Store s) -> s.catalog().saveProperty(property("A-1", "Pontiac", null), T0));
        in((Store s) -> s.catalog().learn(new LearnedAnswer(0, a.id(), "overnight_parking", "Park overnight?", "Yes", false,
                7L, "ops@example.com", T0)));
        in((Store s) -> s.catalog().learn(new LearnedAnswer(0, a.id(), null, "Sublease?", "With consent", true, 8L, "ops",
                T0.plusSeconds(60))));
        assertThat(in((Store s) -> s.catalog().learnedAnswers(a.id()))).extracting(LearnedAnswer::answer)
                .containsExactly("With consent", "Yes");
        assertThat(in((Store s) -> s.catalog().learnedAnswers(null))).extracting(LearnedAnswer::question)
                .containsExactly("Sublease?");
        assertThat(in((Store s) -> s.catalog().allLearnedAnswers())).hasSize(2).first()
                .satisfies(l -> assertThat(l.escalationId()).isEqualTo(8L));
        assertThatThrownBy(() -> in((Store s) -> s.catalog().learn(new LearnedAnswer(0, 42L, null, "q", "a", false, null, null,
                T0)))).isInstanceOf(ConcurrentUpdateException.class);
    }

    @Test
    void buyerStatesRoundTripEveryField() {
        long conv = conversation("+13135550101");
        var b = BuyerState.fresh(conv, T0).edit();
        b.turn = 3;
        b.focusedListingId = 11L;
        b.presentedListingIds = List.of(11L, 12L);
        b.criteriaReadiness = 0.7;
        b.criteria = new Criteria("Detroit", "MI", 15000, "storage", "auto parts", "April", "6 months",
                List.of("dock doors"));
        b.renterFirstName = "Sarah";
        b.renterLastName = "Jones";
        b.nameStatus = "provided";
        b.buyerEmail = "sarah@acmecorp.com";
        b.knownAnswers = Map.of(1L, Map.of("power", new KnownAnswer("400 amp", "catalog", T0)));
        b.answeredQuestions = List.of(new AnsweredQuestion("Park overnight?", "Yes", 1, "overnight_parking", T0));
        b.pendingEscalations = Map.of(2L, 5L);
        b.tourSuggestedFor = List.of(1L);
        b.lastBuyerMessageAt = T0;
        b.lastSystemMessageAt = T0.plusSeconds(5);
        b.reengagementCount = 1;
        b.nextReengagementAt = T0.plus(Duration.ofHours(4));
        b.stallNudgeCounts = Map.of("PRESENTING", 2);
        b.optedOut = true;
        b.optedOutAt = T0;
        b.optInAsideSent = true;
        b.reOptInAsideDue = true;
        var state = b.build();
        tx.run(s -> s.buyerStates().save(state));
        assertThat(in((Store s) -> s.buyerStates().find(conv))).contains(state);
        var changed = state.edit();
        changed.turn = 4;
        changed.criteria = Criteria.EMPTY;
        changed.focusedListingId = null;
        tx.run(s -> s.buyerStates().save(changed.build()));
        assertThat(in((Store s) -> s.buyerStates().find(conv))).contains(changed.build());
        assertThat(in((Store s) -> s.buyerStates().find(999))).isEmpty();
        assertThatThrownBy(() -> tx.run(s -> s.buyerStates().save(BuyerState.fresh(999, T0))))
                .isInstanceOf(ConcurrentUpdateException.class);
    }

    private static EscalationThread thread(long conversation, Long property, String token, Instant deadline) {
        var b = new EscalationThread.Builder();
        b.conversationId = conversation;
        b.stateId = conversation;
        b.propertyId = property;
        b.questionText = "Can trucks park overnight?";
        b.status = EscalationStatus.PENDING;
        b.slaDeadlineAt = deadline;
        b.threadQuestions = List.of("Can trucks park overnight?");
        b.fieldKey = "overnight_parking";
        b.topic = "overnight parking";
        b.replyToken = token;
        b.expiresAt = deadline.plus(Duration.ofDays(2));
        b.createdAt = T0;
        b.updatedAt = T0;
        return b.build();
    }

    @Test
    void escalationThreadsKeepEveryFieldAndTheirOrders() {
        long conv = conversation("+13135550101");
        var p = in((Store s) -> s.catalog().saveProperty(property("A-1", "Commerce Twp", null), T0));
        var late = in((Store s) -> s.escalations().open(thread(conv, p.id(), "t".repeat(43), T0.plus(Duration.ofHours(3)))));
        var early = in((Store s) -> s.escalations().open(thread(conv, null, "u".repeat(43), T0.plus(Duration.ofHours(2)))));
        assertThat(late.id()).isEqualTo(1);
        assertThat(in((Store s) -> s.escalations().pending(10))).extracting(EscalationThread::id).containsExactly(2L, 1L);
        assertThat(in((Store s) -> s.escalations().findByToken("u".repeat(43)))).contains(early);
        assertThat(in((Store s) -> s.escalations().findByToken("x"))).isEmpty();
        var b = late.edit();
        b.status = EscalationStatus.ANSWERED;
        b.answerText = "Yes";
        b.answerRawText = "yes, in the yard";
        b.answerPolishedText = "Yes, in the yard.";
        b.answerSentText = "Update on Commerce Twp — yes, in the yard.";
        b.answerSentMode = "polished";
        b.answeredAt = T0.plusSeconds(600);
        b.answeredBy = "ops@example.com";
        b.followupWindowUntil = T0.plusSeconds(2400);
        b.followupCount = 1;
        b.buyerNudgeSent = true;
        b.emailCount = 2;
        b.lastEmailSentAt = T0.plusSeconds(60);
        b.threadQuestions = List.of("Can trucks park overnight?", "Trailers too?");
        b.alertId = null;
        b.allProperties = true;
        b.updatedAt = T0.plusSeconds(600);
        var answered = b.build();
        tx.run(s -> s.escalations().update(answered));
        assertThat(in((Store s) -> s.escalations().find(1))).contains(answered);
        assertThat(in((Store s) -> s.escalations().pending(10))).extracting(EscalationThread::id).containsExactly(2L);
        assertThat(in((Store s) -> s.escalations().closed(10))).containsExactly(answered);
        assertThat(in((Store s) -> s.escalations().ofConversation(conv))).extracting(EscalationThread::id)
                .containsExactly(1L, 2L);
        assertThatThrownBy(() -> in((Store s) -> s.escalations().open(thread(conv, null, "u".repeat(43), T0))))
                .isInstanceOf(ConcurrentUpdateException.class);
    }
}
