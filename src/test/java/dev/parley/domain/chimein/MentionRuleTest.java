package dev.parley.domain.chimein;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MentionRuleTest {
    private static final Instant T = Instant.parse("2026-01-01T10:00:00Z");
    private final BotIdentity parley = BotIdentity.named("parley");
    private final BotIdentity telegramBot = new BotIdentity("777", Set.of("parley_bot"));

    @Test
    void onTextChannelsTheBotNameWithAtIsAMentionInAnyCase() {
        var rule = MentionRule.text();
        assertThat(rule.of(text("@Parley what do you think?"), parley, false, none())).contains(Mention.NAME_IN_TEXT);
        assertThat(rule.of(text("hey @PARLEY, ^"), parley, false, none())).contains(Mention.NAME_IN_TEXT);
        assertThat(rule.of(text("parley is a nice word"), parley, false, none())).isEmpty();
        assertThat(rule.of(text("@parleyfan hi"), parley, false, none())).isEmpty();
        assertThat(rule.of(text("mail me at x@parley.dev"), parley, false, none())).isEmpty();
    }

    @Test
    void onTelegramOnlyEntitiesCountNotTheTextAlone() {
        var rule = MentionRule.telegram();
        var byEntity = new ChatMessage(1, "c:1", "42", null, null, "@parley_bot ^", T, null, null, false,
                List.of("parley_bot"));
        var byTextMention = new ChatMessage(2, "c:2", "42", null, null, "Parley, thoughts?", T, null, null, false,
                List.of("777"));
        assertThat(rule.of(byEntity, telegramBot, false, none())).contains(Mention.ENTITY);
        assertThat(rule.of(byTextMention, telegramBot, false, none())).contains(Mention.ENTITY);
        assertThat(rule.of(text("@parley_bot in a code block"), telegramBot, false, none())).isEmpty();
    }

    @Test
    void aReplyToTheBotsOwnMessageIsAMentionAReplyToSomeoneElseIsNot() {
        var botSaid = ChatMessage.of(5, "c:5", "777", "Here is my take", T, null, true);
        var humanSaid = ChatMessage.of(6, "c:6", "42", "lunch?", T, null, false);
        var toBot = ChatMessage.of(7, "c:7", "43", "and tomorrow?", T, "c:5", false);
        var toHuman = ChatMessage.of(8, "c:8", "43", "yes", T, "c:6", false);
        java.util.function.Function<String, Optional<ChatMessage>> parents =
                id -> Optional.ofNullable(id.equals("c:5") ? botSaid : id.equals("c:6") ? humanSaid : null);
        assertThat(MentionRule.telegram().of(toBot, telegramBot, false, parents)).contains(Mention.REPLY_TO_BOT);
        assertThat(MentionRule.telegram().of(toHuman, telegramBot, false, parents)).isEmpty();
    }

    @Test
    void privateChatsAddressTheBotAndBotsAreNeverAnswered() {
        assertThat(MentionRule.telegram().of(text("hi"), telegramBot, true, none())).contains(Mention.PRIVATE_CHAT);
        var otherBot = ChatMessage.of(3, "c:3", "999", "@parley hello", T, null, true);
        assertThat(MentionRule.text().of(otherBot, parley, false, none())).isEmpty();
    }

    private static ChatMessage text(String text) {
        return ChatMessage.of(1, "x", "42", text, T, null, false);
    }

    private static java.util.function.Function<String, Optional<ChatMessage>> none() {
        return id -> Optional.empty();
    }
}
