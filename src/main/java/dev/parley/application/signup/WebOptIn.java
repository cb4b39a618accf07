package dev.parley.application.signup;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.PipelineEvents;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.pipeline.WorkSignal;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.buyer.BuyerSmsPlaybook;
import dev.parley.application.store.Transactions;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.limit.FieldTooLongException;
import dev.parley.domain.conversation.TimelineEvent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Seed 003's web → SMS: a buyer opts in on the team's web app; a buyer-sms conversation starts with the contextual
 * first message and the name, e-mail and need from the web. The opt-in is the buyer's consent: a number that had
 * opted out is active again.
 */
public final class WebOptIn {
    private static final Pattern PHONE = Pattern.compile("\\+[1-9]\\d{6,14}");
    private static final Pattern EMAIL = Pattern.compile("[^\\s@]+@[^\\s@]+\\.[^\\s@]+");

    public record Command(String phone, String name, String email, Criteria need, String channel, String actor) {
    }

    public record Started(long conversationId, String state) {
    }

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final Clock clock;
    private final PipelineEvents events;
    private final WorkSignal outbox;

    public WebOptIn(Transactions transactions, Playbooks playbooks, Clock clock, PipelineEvents events,
                    WorkSignal outbox) {
        this.transactions = transactions;
        this.playbooks = playbooks;
        this.clock = clock;
        this.events = events;
        this.outbox = outbox;
    }

    public Started optIn(Command c) {
        if (c.phone() == null || !PHONE.matcher(c.phone()).matches()) {
            throw new InvalidRequestException("phone", "phone must be an E.164 number such as +13135550100");
        }
        var channel = c.channel() == null ? "sms" : c.channel();
        if (!StartConversation.CHANNELS.contains(channel)) {
            throw new InvalidRequestException("channel", "channel must be one of " + StartConversation.CHANNELS);
        }
        var name = c.name() == null || c.name().isBlank() ? null : c.name().strip();
        FieldTooLongException.check("name", name, FieldLimit.PERSON_NAME);
        var email = c.email() == null || c.email().isBlank() ? null : c.email().strip();
        FieldTooLongException.check("email", email, FieldLimit.EMAIL);
        if (email != null && !EMAIL.matcher(email).matches()) {
            throw new InvalidRequestException("email", "not an e-mail address");
        }
        var actor = c.actor() == null || c.actor().isBlank() ? "web" : c.actor().strip();
        FieldTooLongException.check("actor", actor, FieldLimit.ACTOR);
        var playbook = playbooks.find(BuyerSmsPlaybook.NAME).filter(p -> p instanceof BuyerSmsPlaybook)
                .map(p -> (BuyerSmsPlaybook) p)
                .orElseThrow(() -> new ConflictException("the buyer-sms playbook is not installed"));
        var published = new ArrayList<PipelineEvent>();
        var started = transactions.inTransaction(store -> {
            var now = clock.instant();
            if (store.conversations().findByKey(channel, c.phone()).isPresent()) {
                throw new ConflictException("a conversation with this number already exists on " + channel);
            }
            var contact = store.contacts().findOrCreate(channel, c.phone(), name, now);
            if (contact.status() == ContactStatus.BLOCKED) {
                throw new ConflictException("this number is blocked");
            }
            if (contact.status() != ContactStatus.ACTIVE) {
                store.contacts().setStatus(contact.id(), ContactStatus.ACTIVE, now, "opted in on the web", actor);
            }
            var conversation = store.conversations().create(channel, c.phone(), playbook.name(),
                    playbook.initialState(), contact.id(), now);
            store.timeline().append(conversation.id(), "conversation_started", null, playbook.initialState(), null,
                    JsonDocuments.write(Map.of("playbook", playbook.name(), "source", "web_optin")), actor, now);
            store.audit().record(actor, "web_optin", "conversation", conversation.id(),
                    JsonDocuments.write(Map.of("playbook", playbook.name())), now);
            var session = new ConversationSession(store, playbook, conversation, now,
                    actor == null ? TimelineEvent.SYSTEM_ACTOR : actor);
            playbook.webOptIn(session, name, email, c.need() == null ? Criteria.EMPTY : c.need());
            published.addAll(session.events());
            return new Started(conversation.id(), session.conversation().state());
        });
        published.add(new PipelineEvent.OperatorActed(started.conversationId(), "web_optin", actor));
        events.publish(List.copyOf(published));
        outbox.wake();
        return started;
    }
}
