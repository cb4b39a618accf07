package dev.parley.application.chimein;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.context.ContextSelection;
import java.time.Instant;

/** Writes the bot's answer to a mention from the context selected for it. */
@FunctionalInterface
public interface ReplyWriter {

    String write(ChatMessage trigger, ContextSelection selection, Instant now);

    /** The built-in, deterministic answer (no model). */
    static ReplyWriter offline() {
        return dev.parley.domain.chimein.OfflineReply::write;
    }
}
