package dev.parley.application.playbook.buyer;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.buyer.BuyerState;
import dev.parley.domain.buyer.KeywordCommand;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.OutboxStatus;
import java.util.Map;

/**
 * Seed 003's keyword handler, before the pipeline: STOP and its synonyms opt the buyer out at once (every queued
 * message to them cancelled in the same transaction, no confirmation unless the playbook's
 * {@code opt_out_confirmation} is on), HELP answers with the options, START / YES / UNSTOP bring an opted-out buyer
 * back. Any other text from an opted-out buyer is an implicit re-opt-in: answered normally, with "Reply STOP
 * anytime" once.
 */
final class KeywordHandler {
    /** Purposes that may reach a buyer who just opted out (carriers require HELP answers and allow one confirmation). */
    static final String OPT_OUT_CONFIRMATION = "opt_out_confirmation";
    static final String HELP = "keyword_help";

    private final BuyerSettings settings;
    private final dev.parley.domain.fsm.Templates templates;

    KeywordHandler(BuyerSettings settings, dev.parley.domain.fsm.Templates templates) {
        this.settings = settings;
        this.templates = templates;
    }

    /** True when the message was a keyword and is fully handled. */
    boolean handle(ConversationSession session, BuyerState.Builder state, String text, long messageId) {
        var contact = session.contact();
        boolean optedOut = contact.status() == ContactStatus.OPTED_OUT;
        var command = KeywordCommand.of(text, optedOut);
        var cause = "message:" + messageId;
        switch (command) {
            case OPT_OUT -> {
                optOut(session, state);
                if (settings.optOutConfirmation() && !optedOut) {
                    session.queueComplianceReply(cause, OPT_OUT_CONFIRMATION,
                            templates.render("opt_out_confirmation", Map.of()));
                }
                return true;
            }
            case HELP -> {
                var reply = templates.render("help", Map.of());
                if (optedOut) session.queueComplianceReply(cause, HELP, reply);
                else session.queueMessage(cause, HELP, reply);
                session.record("keyword", Map.of("keyword", "help"));
                state.optInAsideSent = true;  // the options summary names STOP itself
                return true;
            }
            case RESUME -> {
                resume(session, state, "START keyword");
                session.queueMessage(cause, "keyword_resume", templates.render("resume", Map.of()));
                state.optInAsideSent = true;
                state.reOptInAsideDue = false;
                return true;
            }
            case NONE -> {
                if (optedOut) {
                    resume(session, state, "implicit re-opt-in");
                    state.reOptInAsideDue = true;
                }
                return false;
            }
        }
        return false;
    }

    private static void optOut(ConversationSession session, BuyerState.Builder state) {
        var contact = session.contact();
        var now = session.now();
        if (contact.status() != ContactStatus.OPTED_OUT) {
            session.setContactStatus(ContactStatus.OPTED_OUT, "STOP keyword", TimelineEvent.SYSTEM_ACTOR);
        }
        // Every queued message to the buyer is cancelled now, in this transaction: none may leave after a STOP.
        for (var row : session.holdPendingOfContact("cancelled: contact opted out")) {
            session.markOutbox(row.id(), OutboxStatus.DENIED, "cancelled: contact opted out");
            session.events().add(new PipelineEvent.OutboxChanged(row.conversationId(), row.id(),
                    OutboxStatus.DENIED.name()));
        }
        state.optedOut = true;
        state.optedOutAt = now;
        session.record("keyword", Map.of("keyword", "stop"));
    }

    private static void resume(ConversationSession session, BuyerState.Builder state, String reason) {
        var contact = session.contact();
        session.setContactStatus(ContactStatus.ACTIVE, reason, TimelineEvent.SYSTEM_ACTOR);
        state.optedOut = false;
        session.record("opted_in", Map.of("reason", reason));
    }
}
