package dev.parley.application.signup;

import dev.parley.application.JsonDocuments;
import dev.parley.application.PipelineEvent;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.StartConversation;
import dev.parley.application.pipeline.OpenConversation;
import dev.parley.application.pipeline.StageRunner;
import dev.parley.application.pipeline.UnitOfWork;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.buyer.BuyerSmsPlaybook;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.limit.FieldLimit;
import dev.parley.domain.limit.FieldTooLongException;
import dev.parley.domain.conversation.TimelineEvent;
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

    private final StageRunner stages;
    private final Playbooks playbooks;

    /** {@code stages}: the operators' transactions (a lost race is run again) and their stages. */
    public WebOptIn(StageRunner stages, Playbooks playbooks) {
        this.stages = stages;
        this.playbooks = playbooks;
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
        var need = c.need() == null ? Criteria.EMPTY : c.need();
        var who = actor == null ? TimelineEvent.SYSTEM_ACTOR : actor;
        return stages.run("web opt-in", UnitOfWork.of(preparing -> {
            // The first message is worded by the agents (a model, when one is configured): a dry run on the
            // conversation as the Commit stage will open it.
            var snapshot = preparing.snapshot();
            var now = preparing.now();
            snapshot.with(new dev.parley.domain.contact.Contact(-1, channel, c.phone(), name, ContactStatus.ACTIVE,
                    now, null, null, null));
            var conversation = new dev.parley.domain.conversation.Conversation(-1, channel, c.phone(),
                    playbook.name(), playbook.initialState(), -1, false, null, now, now, 0);
            snapshot.with(conversation);
            playbook.webOptIn(new ConversationSession(snapshot, playbook, conversation, now, who), name, email, need);
        }, (store, committing) -> {
            var now = committing.now();
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
            var conversation = OpenConversation.open(store, channel, c.phone(), contact, playbook, now);
            OpenConversation.recordStart(store, conversation, Map.of("source", "web_optin"), actor, now);
            store.audit().record(actor, "web_optin", "conversation", conversation.id(),
                    JsonDocuments.write(Map.of("playbook", playbook.name())), now);
            var session = new ConversationSession(committing.backend(), playbook, conversation, now, who);
            playbook.webOptIn(session, name, email, need);
            committing.publish(session);
            committing.publish(new PipelineEvent.OperatorActed(conversation.id(), "web_optin", actor));
            committing.wakeOutbox();
            return new Started(conversation.id(), session.conversation().state());
        }));
    }
}
