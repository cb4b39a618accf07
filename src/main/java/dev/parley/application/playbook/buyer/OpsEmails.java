package dev.parley.application.playbook.buyer;

import dev.parley.application.escalation.OpsMailer;
import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.escalation.EscalationStatus;
import dev.parley.domain.escalation.EscalationThread;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * The e-mails to ops about an escalation (when SMTP is set up): the question with its property, the deadline and
 * the one-time answer link; after an SLA breach, the same with the breach said first. Only while the thread is pending.
 */
final class OpsEmails {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private final OpsMailer mailer;
    private final ReplyLinks links;

    OpsEmails(OpsMailer mailer, ReplyLinks links) {
        this.mailer = mailer;
        this.links = links;
    }

    boolean configured() {
        return mailer.configured();
    }

    void send(ConversationSession session, EscalationThread thread, Property property, boolean breach) {
        if (!mailer.configured() || thread.status() != EscalationStatus.PENDING) return;
        var where = property == null ? "" : " at " + property.name() + " (" + property.ref() + ")";
        var subject = (breach ? "SLA breached: " : "Buyer question: ") + (thread.topic() == null ? "question"
                : thread.topic()) + where;
        var body = new StringBuilder();
        if (breach) body.append("The 2-hour SLA passed and the buyer was told we're still working on it.\n\n");
        body.append("Question").append(thread.threadQuestions().size() > 1 ? "s" : "").append(":\n");
        for (var q : thread.threadQuestions()) body.append("  ").append(q).append('\n');
        if (property != null) {
            body.append("\nProperty: ").append(property.name()).append(", ").append(property.city()).append(' ')
                    .append(property.state() == null ? "" : property.state()).append(" (").append(property.ref())
                    .append(")\n");
        }
        body.append("Conversation: ").append(thread.conversationId()).append('\n');
        body.append("Answer by: ").append(UTC.format(thread.slaDeadlineAt())).append('\n');
        body.append("\nAnswer here: ").append(links.url(thread.replyToken())).append('\n');
        body.append("The link works until ").append(UTC.format(thread.expiresAt())).append(".\n");
        // The network once the decision is committed (never from a dry run, never inside the transaction).
        var email = new OpsMailer.OpsEmail(subject, body.toString());
        session.afterCommit("ops e-mail", () -> mailer.send(email));
        var b = thread.edit();
        b.emailCount = thread.emailCount() + 1;
        b.lastEmailSentAt = session.now();
        b.updatedAt = session.now();
        session.updateEscalation(b.build());
        session.record("escalation_emailed", Map.of("escalation_id", thread.id(), "breach", breach));
    }
}
