package dev.parley.application.safety;

import dev.parley.application.playbook.SlowCalls;
import dev.parley.application.stage.StoreBackend;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.memory.InMemoryTransactions;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.domain.conversation.Conversation;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.EnforcementReason;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's behavioural facts on the (real, in-memory) store: a contact's own time zone comes before their
 * number's, an address without a number gets the team's zone (without one, none: the most restrictive reading), and a
 * recipient quiet hours do not protect gets an explicit "does not apply".
 */
class RecordedBehaviourFactsTest {
    /** 20:00 UTC: noon in San Francisco, 05:00 next morning in Tokyo. */
    static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");
    static final String SF = "+14155550100";

    final InMemoryTransactions tx = new InMemoryTransactions();
    final SafetyValidator validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(),
            Clock.fixed(AT, ZoneOffset.UTC), ValidationFailureListener.IGNORE);

    @AfterEach
    void close() {
        tx.close();
    }

    Conversation conversation(String channel, String address) {
        return tx.inTransaction(s -> {
            var contact = s.contacts().findOrCreate(channel, address, null, AT);
            return s.conversations().create(channel, address, "outreach", "Open", contact.id(), AT);
        });
    }

    dev.parley.domain.safety.SafetyResult outbound(Conversation c, RecipientRules rules) {
        return outbound(c, rules, new PhoneNumberZones());
    }

    dev.parley.domain.safety.SafetyResult outbound(Conversation c, RecipientRules rules,
                                                   dev.parley.domain.safety.ZoneLookup zones) {
        return tx.inTransaction(s -> {
            var facts = new RecordedBehaviourFacts(new StoreBackend(s, SlowCalls.DIRECT), c, Direction.OUT, rules,
                    zones, ZoneId.of("UTC"), 0, AT);
            return validator.validate(SafetyRequest.of(Direction.OUT, "Lunch on Friday?", "us", c.key(),
                    c.channel(), AT), facts);
        });
    }

    @Test
    void theContactsOwnZoneComesBeforeTheirNumbers() {
        var c = conversation("sms", SF);
        assertThat(outbound(c, RecipientRules.PERSONAL).decision()).isEqualTo(SafetyDecision.ALLOW);
        tx.run(s -> s.contacts().setTimeZone(c.contactId(), ZoneId.of("Asia/Tokyo")));
        var night = outbound(c, RecipientRules.PERSONAL);
        assertThat(night.decision()).isEqualTo(SafetyDecision.DEFER);
        assertThat(night.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
        assertThat(night.delayUntil()).contains(Instant.parse("2026-11-27T22:00:00Z")); // 07:00 in Tokyo
    }

    @Test
    void aChatIdWithoutAZoneIsTheMostRestrictiveUntilOneIsSet() {
        var c = conversation("telegram", "123456789");
        var unknown = outbound(c, RecipientRules.PERSONAL);
        assertThat(unknown.decision()).isEqualTo(SafetyDecision.DEFER);
        assertThat(unknown.enforcementReason()).isEqualTo(EnforcementReason.QUIET_HOURS);
        tx.run(s -> s.contacts().setTimeZone(c.contactId(), ZoneId.of("Europe/London")));
        assertThat(outbound(c, RecipientRules.PERSONAL).decision()).isEqualTo(SafetyDecision.ALLOW);
    }

    /** Issue 35: with the team's zone configured, an address without one gets it, not "always quiet". */
    @Test
    void aChatIdWithoutAZoneGetsTheTeamsZone() {
        var c = conversation("telegram", "555000111");
        var london = SafetyZones.orElse(new PhoneNumberZones(), ZoneId.of("Europe/London")); // 20:00 there
        assertThat(outbound(c, RecipientRules.PERSONAL, london).decision()).isEqualTo(SafetyDecision.ALLOW);
        var tokyo = SafetyZones.orElse(new PhoneNumberZones(), ZoneId.of("Asia/Tokyo")); // 05:00 there
        var night = outbound(c, RecipientRules.PERSONAL, tokyo);
        assertThat(night.decision()).isEqualTo(SafetyDecision.DEFER);
        assertThat(night.delayUntil()).contains(Instant.parse("2026-11-27T22:00:00Z"));
        // a number's own zones still come first
        var sf = conversation("sms", "+14155550177");
        assertThat(outbound(sf, RecipientRules.PERSONAL, tokyo).decision()).isEqualTo(SafetyDecision.ALLOW);
    }

    @Test
    void quietHoursDoNotApplyToARecipientTheyDoNotProtect() {
        var c = conversation("telegram", "987654321");
        for (var rules : List.of(RecipientRules.TEAM, RecipientRules.REPLY)) {
            boolean applies = tx.inTransaction(s -> new RecordedBehaviourFacts(new StoreBackend(s, SlowCalls.DIRECT), c, Direction.OUT, rules,
                    new PhoneNumberZones(), ZoneId.of("UTC"), 0, AT).quietHoursApply(c.key(), c.channel()));
            assertThat(applies).as(rules.name()).isFalse();
            assertThat(outbound(c, rules).decision()).as(rules.name()).isEqualTo(SafetyDecision.ALLOW);
        }
    }
}
