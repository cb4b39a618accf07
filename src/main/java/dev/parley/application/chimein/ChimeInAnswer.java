package dev.parley.application.chimein;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelAnswer;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.domain.chimein.reply.OfflineReply;
import dev.parley.domain.chimein.context.ContextSelection;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The bot's answer to a mention (task {@code chime_in}): a model writes it from the selected messages when one is
 * configured; the built-in offline answer ({@link OfflineReply}) is the default and the fallback. As seed 004's
 * non-goal says, the answer never waits for a follow-up: it points out what is missing instead.
 */
public final class ChimeInAnswer {
    public static final String TASK = "chime_in";
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    static final String PROMPT = """
            You are %s, a bot in a group chat. A member tagged you, often with a generic question ("what do you \
            think?", "can you help?", "^") or by replying to the message they mean. Below are the earlier messages \
            of the chat that the tag is about, oldest first, then the message that tagged you.
            Answer the member in the chat's language, briefly (a few sentences), using only these messages. Say \
            which messages you relied on (who, roughly when). If something needed for a good answer is not in them, \
            say exactly what is missing. Do not ask a follow-up question and do not promise to come back: you only \
            see a new message when someone tags you again, ideally replying to the message that matters.""";

    private ChimeInAnswer() {
    }

    public static ModelAnswer write(ConversationModel model, String botName,
                                    dev.parley.domain.chimein.ChatMessage trigger, ContextSelection selection,
                                    Instant now) {
        var request = ModelRequest.of(TASK, List.of(ChatMessage.system(PROMPT.formatted(botName)),
                        ChatMessage.user(context(trigger, selection))),
                () -> OfflineReply.write(trigger, selection, now)).withMaxTokens(400);
        return model.ask(request);
    }

    /** The selected messages and the mention as the model reads them. */
    static String context(dev.parley.domain.chimein.ChatMessage trigger, ContextSelection selection) {
        var text = new StringBuilder("Earlier messages:\n");
        if (selection.isEmpty()) text.append("(none found)\n");
        for (var s : selection.selected()) {
            var m = s.message();
            text.append("- ").append(m.who()).append(" at ").append(WHEN.format(m.sentAt()))
                    .append(s.isAnchor() ? " (the message the member replied to)" : "").append(": ")
                    .append(m.text().strip()).append('\n');
        }
        text.append("\nMessage that tagged you, from ").append(trigger.who()).append(" at ")
                .append(WHEN.format(trigger.sentAt())).append(":\n").append(trigger.text().strip());
        return text.toString();
    }
}
