package dev.parley.adapter.telegram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.adapter.http.webhook.WebhookParseException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The update parser on Telegram's own examples and teloxide's captured payloads. */
class TelegramUpdateTest {

    @Test
    void everyFixtureParsesOrIsIgnoredWithAReasonNeverAnError() {
        int messages = 0;
        for (var p : TelegramFixtures.teloxide()) {
            var update = p.isUpdate() ? p.json() : TelegramFixtures.asUpdate(1, p.json());
            if (!p.isUpdate() && !p.json().has("chat")) continue; // entity and callback fragments, not messages
            var parsed = TelegramUpdate.parse(update);
            assertThat(parsed.message().isPresent() || parsed.ignored() != null).as(p.testFn()).isTrue();
            if (parsed.message().isPresent()) messages++;
        }
        assertThat(messages).isGreaterThanOrEqualTo(15);
    }

    @Test
    void aCapturedReplyInASupergroupKeepsItsAnchorAndTheParentSnapshot() {
        var parsed = TelegramUpdate.parse(TelegramFixtures.teloxide("issue_1107", 1).json());
        assertThat(parsed.updateId()).isEqualTo(439432600L);
        var m = parsed.message().orElseThrow();
        assertThat(m.channel()).isEqualTo("telegram");
        assertThat(m.providerId()).isEqualTo("-1001293752024:134546");
        assertThat(m.conversationKey()).isEqualTo("-1001293752024");
        assertThat(m.from()).isEqualTo("5964236329");
        assertThat(m.senderName()).isEqualTo("the Cable Guy");
        assertThat(m.text()).isEqualTo("/report");
        assertThat(m.sentAt()).isEqualTo(Instant.ofEpochSecond(1721592580L));
        assertThat(m.replyTo()).isEqualTo("-1001293752024:134545");
        assertThat(m.isGroupMessage()).isTrue();
        var chat = m.chat();
        assertThat(chat.groupTitle()).isEqualTo("CryptoInside Chat");
        assertThat(chat.senderHandle()).isEqualTo("spacewhaleblues");
        assertThat(chat.senderIsBot()).isFalse();
        assertThat(chat.threadId()).isEqualTo("134545");
        var parent = chat.parent();
        assertThat(parent.providerId()).isEqualTo("-1001293752024:134545");
        assertThat(parent.sender()).isEqualTo("6962620676");
        assertThat(parent.senderHandle()).isEqualTo("WertCrypto");
        assertThat(parent.text()).isEqualTo("[story]");
        assertThat(parent.sentAt()).isEqualTo(Instant.ofEpochSecond(1721592028L));
    }

    @Test
    void aForumTopicsFirstMessageIsNoReplyAnchor() {
        var m = TelegramUpdate.parse(TelegramFixtures.asUpdate(7, TelegramFixtures.teloxide("topic_message", 0)
                .json())).message().orElseThrow();
        assertThat(m.replyTo()).isNull();
        assertThat(m.chat().threadId()).isEqualTo("4");
        assertThat(m.text()).isEqualTo("blah");
    }

    @Test
    void privateChatsTextsWithEmojiAndTheOfficialExamples() {
        var m = TelegramUpdate.parse(TelegramFixtures.teloxide("message", 0).json()).message().orElseThrow();
        assertThat(m.chat().privateChat()).isTrue();
        assertThat(m.isGroupMessage()).isFalse();
        assertThat(m.text()).isEqualTo("hello there");
        var official = TelegramUpdate.parse(TelegramFixtures.official("message_with_a_reply")).message().orElseThrow();
        assertThat(official.replyTo()).isEqualTo("1111111:1334");
        assertThat(official.chat().parent().text()).isEqualTo("Original");
        assertThat(official.chat().parent().sender()).isEqualTo("chat:1111111");
        var withEntities = TelegramUpdate.parse(TelegramFixtures.official("message_with_entities")).message()
                .orElseThrow();
        assertThat(withEntities.chat().mentions()).isEmpty();
    }

    @Test
    void mediaCaptionsAndServiceMessages() {
        var photo = TelegramUpdate.parse(TelegramFixtures.asUpdate(3,
                TelegramFixtures.teloxide("parse_caption_entities", 0).json())).message().orElseThrow();
        assertThat(photo.text()).startsWith("[photo] ");
        var dice = TelegramUpdate.parse(TelegramFixtures.teloxide("dice_works", 0).json()).message().orElseThrow();
        assertThat(dice.text()).isEqualTo("[dice 🎲]");
        assertThat(TelegramUpdate.parse(TelegramFixtures.teloxide("pinned_message_works", 0).json()).ignored())
                .isEqualTo("service message");
        assertThat(TelegramUpdate.parse(TelegramFixtures.teloxide("issue_523", 0).json()).ignored())
                .isEqualTo("update kind my_chat_member");
        var anonymousAdmin = TelegramUpdate.parse(TelegramFixtures.asUpdate(4, TelegramFixtures.teloxide("issue_475", 0)
                .json()));
        assertThat(anonymousAdmin.ignored()).isEqualTo("service message");
    }

    @Test
    void mentionEntitiesAreReadAtUtf16OffsetsAndTextMentionsByUserId() {
        // "🎉 " is three UTF-16 units: the mention starts at offset 3, not at code point 2.
        var text = "🎉 @parley_bot what do you think, Kim?";
        var update = TelegramFixtures.groupMessage(10, -100123, 55, 42, "ana", text,
                "[{\"type\":\"mention\",\"offset\":3,\"length\":11},"
                        + "{\"type\":\"text_mention\",\"offset\":34,\"length\":3,\"user\":{\"id\":777,\"is_bot\":false,"
                        + "\"first_name\":\"Kim\"}}]", null);
        var m = TelegramUpdate.parse(update).message().orElseThrow();
        assertThat(m.chat().mentions()).containsExactly("parley_bot", "777");
        var broken = TelegramFixtures.groupMessage(11, -100123, 56, 42, "ana", "@x",
                "[{\"type\":\"mention\",\"offset\":1,\"length\":40}]", null);
        assertThat(TelegramUpdate.parse(broken).message().orElseThrow().chat().mentions()).isEmpty();
    }

    @Test
    void malformedUpdatesNameTheField() {
        assertThatThrownBy(() -> TelegramUpdate.parse(TelegramFixtures.JSON.createObjectNode()))
                .isInstanceOf(WebhookParseException.class).hasMessage("update_id: required, must be an integer");
        var noChat = TelegramFixtures.JSON.createObjectNode();
        noChat.put("update_id", 1);
        noChat.putObject("message").put("text", "hi");
        assertThatThrownBy(() -> TelegramUpdate.parse(noChat)).isInstanceOf(WebhookParseException.class)
                .hasMessageStartingWith("message.chat");
    }
}
