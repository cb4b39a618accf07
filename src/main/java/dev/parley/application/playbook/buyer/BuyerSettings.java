package dev.parley.application.playbook.buyer;

import dev.parley.domain.fsm.PlaybookSettings;
import java.time.Duration;

/**
 * The buyer-sms playbook's settings ({@code settings} of buyer-sms.json), read once at start-up; a bad value stops
 * Parley naming the key.
 *
 * @param sla how long the team has to answer an escalation before the buyer is nudged and ops alerted
 * @param expiry when an unanswered escalation expires (its Reply Tool link stops working)
 * @param followupWindow after an answer, the Reply Tool accepts follow-ups this long
 * @param optOutConfirmation send one confirmation after STOP (carriers allow one); off by default
 * @param supplierForward a text from a known supplier number is forwarded to operators with a generic reply
 */
public record BuyerSettings(Duration sla, Duration expiry, Duration followupWindow, boolean optOutConfirmation,
                           boolean supplierForward, int maxPolishRounds, int historyMessages) {

    public static BuyerSettings of(PlaybookSettings s) {
        var settings = new BuyerSettings(s.duration("escalation_sla", Duration.ofHours(2)),
                s.duration("escalation_expiry", Duration.ofDays(2)), s.duration("followup_window", Duration.ofMinutes(30)),
                s.flag("opt_out_confirmation", false), s.flag("supplier_forward", true),
                s.integer("max_polish_rounds", 3), s.integer("history_messages", 8));
        if (settings.sla.isNegative() || settings.sla.isZero()) {
            throw new IllegalArgumentException("setting 'escalation_sla' must be positive");
        }
        if (settings.expiry.compareTo(settings.sla) <= 0) {
            throw new IllegalArgumentException("setting 'escalation_expiry' must be longer than 'escalation_sla'");
        }
        if (settings.maxPolishRounds < 0 || settings.maxPolishRounds > 10) {
            throw new IllegalArgumentException("setting 'max_polish_rounds' must be from 0 to 10");
        }
        if (settings.historyMessages < 1 || settings.historyMessages > 50) {
            throw new IllegalArgumentException("setting 'history_messages' must be from 1 to 50");
        }
        return settings;
    }
}
