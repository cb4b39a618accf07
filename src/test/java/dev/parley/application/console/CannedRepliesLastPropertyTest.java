package dev.parley.application.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {last_property} in a canned reply is the property a buyer-sms conversation is about, from the catalogue. */
class CannedRepliesLastPropertyTest {
    static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");
    final InMemoryTransactions tx = new InMemoryTransactions();
    final ReplyTemplates none = new ReplyTemplates() {
        @Override public List<ReplyTemplate> list() { return List.of(); }
        @Override public void save(ReplyTemplate template) { }
        @Override public boolean delete(String name) { return false; }
    };
    final CannedReplies replies = new CannedReplies(none, tx, CannedReplies.LastProperty.BUYER_SMS);

    @Test
    void theFocusedListingsPropertyElseTheOnlyOnePresentedElseNone() {
        var listings = tx.inTransaction(s -> {
            var maple = s.catalog().saveProperty(property("P-1", "Maple Yard", "12 Oak St"), T0);
            var dock = s.catalog().saveProperty(property("P-2", "Dock 7", "3 Pier Rd"), T0);
            return List.of(s.catalog().replaceListings(maple.id(), List.of(listing())).getFirst().id(),
                    s.catalog().replaceListings(dock.id(), List.of(listing())).getFirst().id());
        });
        long conversation = tx.inTransaction(s -> {
            var contact = s.contacts().findOrCreate("sms", "+15550801", "Ann", T0);
            return s.conversations().create("sms", "+15550801", "buyer-sms", "Presenting", contact.id(), T0).id();
        });
        assertThat(replies.facts(conversation).lastProperty()).as("no buyer state yet").isNull();

        save(conversation, null, listings);
        assertThat(replies.facts(conversation).lastProperty()).as("two presented, none focused").isNull();

        save(conversation, null, List.of(listings.get(1)));
        assertThat(replies.facts(conversation).lastProperty()).isEqualTo("Dock 7, 3 Pier Rd, Detroit");

        save(conversation, listings.get(0), listings);
        var facts = replies.facts(conversation);
        assertThat(facts.lastProperty()).isEqualTo("Maple Yard, 12 Oak St, Detroit");
        assertThat(CannedReplies.fill(new ReplyTemplate("details", "Hi {contact_name}, about {last_property}. "
                + "— {operator_name}"), facts, "Dana").text())
                .isEqualTo("Hi Ann, about Maple Yard, 12 Oak St, Detroit. — Dana");
    }

    private void save(long conversation, Long focused, List<Long> presented) {
        var state = BuyerState.fresh(conversation, T0).edit();
        state.focusedListingId = focused;
        state.presentedListingIds = presented;
        tx.run(s -> s.buyerStates().save(state.build()));
    }

    private static Property property(String ref, String name, String address) {
        return new Property(0, ref, name, address, "Detroit", "MI", "Detroit", "America/Detroit", List.of("storage"),
                "Owner", "+13135550100", "desc", true);
    }

    private static Listing listing() {
        return new Listing(0, 0, 1000, new BigDecimal("1.25"), LocalDate.of(2026, 4, 1), 3, 12, "3-12 months", true);
    }
}
