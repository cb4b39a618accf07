package dev.parley.adapter.ui.conversation;

import dev.parley.domain.contact.Contact;
import dev.parley.domain.contact.MessagingPermission;
import dev.parley.domain.conversation.Conversation;
import java.util.List;

/** One check the composer shows before an operator reply is sent; FAIL means the reply would not leave. */
public record OutboundCheck(String name, Level level, String detail) {

    public enum Level { PASS, WARN, FAIL }

    /** The checks the outbox applies to an operator's explicit reply, evaluated now. */
    public static List<OutboundCheck> of(Contact contact, Conversation conversation, String text) {
        var permission = MessagingPermission.of(contact.status(), conversation.automationPaused(), true);
        var optOut = permission.allowed()
                ? new OutboundCheck("Opt-out", Level.PASS, "contact has not opted out")
                : new OutboundCheck("Opt-out", Level.FAIL, permission.reason() + ": the reply would be "
                        + permission.outboxStatus());
        var status = switch (contact.status()) {
            case ACTIVE -> new OutboundCheck("Contact status", Level.PASS, "ACTIVE");
            case BLOCKED -> new OutboundCheck("Contact status", Level.WARN,
                    "BLOCKED: your explicit reply is sent, automated messages stay held");
            case OPTED_OUT -> new OutboundCheck("Contact status", Level.FAIL, "OPTED_OUT");
        };
        var automation = conversation.automationPaused()
                ? new OutboundCheck("Automation", Level.WARN, "paused: only operator replies leave")
                : new OutboundCheck("Automation", Level.PASS, "running");
        var body = text == null || text.isBlank()
                ? new OutboundCheck("Message", Level.WARN, "write a reply")
                : text.length() > 16_000 ? new OutboundCheck("Message", Level.FAIL, "longer than 16000 characters")
                : new OutboundCheck("Message", Level.PASS, text.length() + " characters");
        var unfilled = dev.parley.application.console.ReplyTemplate.unfilled(text);
        var placeholders = unfilled.isEmpty()
                ? new OutboundCheck("Placeholders", Level.PASS, "no template variable left unfilled")
                : new OutboundCheck("Placeholders", Level.FAIL, "write in " + String.join(", ", unfilled));
        return List.of(optOut, status, automation, body, placeholders);
    }
}
