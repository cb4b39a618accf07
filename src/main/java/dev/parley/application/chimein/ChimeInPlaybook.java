package dev.parley.application.chimein;

import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.application.playbook.Playbook;
import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.Mention;
import dev.parley.domain.chimein.MentionRule;
import dev.parley.domain.chimein.context.ContextSelection;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.SelectedMessage;
import dev.parley.domain.chimein.context.SelectionReason;
import dev.parley.domain.message.InboundMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Seed 004's group-chat bot. Every group message is stored (with its sender, reply link, thread and time); only a
 * message addressed to the bot ({@link MentionRule}) is answered: its context is selected by the configured
 * strategy, recorded on the timeline with the reason for each message (and as a {@code context} transcript line),
 * and the answer is queued as a reply to the mention.
 */
public final class ChimeInPlaybook implements Playbook {
    public static final String NAME = "chime-in";
    public static final String LISTENING = "Listening";
    public static final String TELEGRAM = "telegram";

    private final ContextSelector selector;
    private final BotIdentities bots;
    private final ModelGateway model;

    public ChimeInPlaybook(ContextStrategy strategy, BotIdentities bots, MessageEmbeddings embeddings,
                           ModelGateway model) {
        this.selector = new ContextSelector(strategy, embeddings);
        this.bots = bots;
        this.model = model;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String initialState() {
        return LISTENING;
    }

    @Override
    public Set<String> states() {
        return Set.of(LISTENING);
    }

    public ContextStrategy strategy() {
        return selector.strategy();
    }

    @Override
    public void onInbound(ConversationSession session, InboundMessage message, long messageId) {
        var conversation = session.conversation();
        var bot = bots.of(session.reads(), conversation.channel());
        var history = new ChatHistory(session.reads(), conversation.id(), bot);
        var trigger = history.message(messageId).orElseThrow();
        if (message.chat() == null) {
            // A one-to-one message on a channel without group details: the person talks to the bot.
            trigger = new ChatMessage(trigger.id(), trigger.providerId(), message.from(), null, message.senderName(),
                    trigger.text(), trigger.sentAt(), trigger.replyTo(), null, false, List.of());
        }
        var rule = TELEGRAM.equals(conversation.channel()) ? MentionRule.telegram() : MentionRule.text();
        boolean privateChat = message.chat() == null || message.chat().privateChat();
        // The parent as stored, or as the channel described it when Parley never saw it (a reply to the bot's
        // message from before Parley ran is still a reply to the bot).
        var anchor = history.parentOf(trigger);
        var mention = rule.of(trigger, bot, privateChat, id -> anchor);
        if (mention.isEmpty()) return; // stored, never answered
        if (conversation.automationPaused()) {
            session.record("automation_paused", Map.of("message_id", messageId));
            return;
        }
        var selection = selector.select(session, history, bot, trigger, anchor);
        var answer = ChimeInAnswer.write(new ConversationModel(model, session), bots.botName(), trigger, selection,
                session.now());
        var detail = detail(trigger, mention.get(), selection);
        detail.put("answered_by", answer.provider());
        session.record("context_selected", detail);
        session.publish(new PipelineEvent.ContextSelected(conversation.id(), messageId, selection.strategy(),
                selection.selected().stream().map(s -> providerId(s.message())).toList()));
        // A reply to the mention: on Telegram, sendMessage's reply_parameters; in the store, the bot's message's reply_to
        // (so a member's reply to the answer continues the chain).
        session.queueMessage("chime-in:" + messageId, "reply", answer.content(), trigger.providerId());
    }

    /** The timeline's record of a selection: what was chosen and why, ids only (the texts are on the messages). */
    static LinkedHashMap<String, Object> detail(ChatMessage trigger, Mention mention, ContextSelection selection) {
        var detail = new LinkedHashMap<String, Object>();
        detail.put("message_id", trigger.id());
        detail.put("provider_id", trigger.providerId());
        detail.put("mention", mention.name().toLowerCase(java.util.Locale.ROOT));
        detail.put("strategy", selection.strategy());
        var chosen = new ArrayList<Map<String, Object>>();
        for (SelectedMessage s : selection.selected()) {
            var item = new LinkedHashMap<String, Object>();
            if (s.message().id() != ChatHistory.SNAPSHOT_ID) item.put("message_id", s.message().id());
            item.put("provider_id", providerId(s.message()));
            item.put("sender", s.message().who());
            item.put("sent_at", s.message().sentAt().toString());
            item.put("reasons", s.reasons().stream().map(SelectionReason::describe).toList());
            chosen.add(item);
        }
        detail.put("selected", chosen);
        return detail;
    }

    private static String providerId(ChatMessage m) {
        return m.providerId() != null ? m.providerId() : Long.toString(m.id());
    }
}
