package dev.parley.adapter.telegram;

import dev.parley.domain.message.ChatRow;
import dev.parley.domain.message.ChatMeta;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.adapter.http.TelegramWebhookRoutes;
import dev.parley.application.ManualClock;
import dev.parley.application.JsonDocuments;
import dev.parley.application.store.ChatMessages;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.InboxStatus;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code POST /webhooks/telegram} over real HTTP into a real H2 store and the chime-in playbook: secret token,
 * acknowledgement after commit, duplicates, ignored kinds, mentions by entity and by reply to the bot.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TelegramWebhookHttpTest {
    static final String SECRET = "s3cret_Token-42";
    static final long CHAT = -1001293752024L;

    TestParley parley;
    ParleyHttp http;

    @BeforeAll
    void start(@TempDir Path home) {
        parley = TestParley.start(home, new ManualClock(Instant.ofEpochSecond(1721592600L)),
                Map.of(ConfigKey.WEBHOOKS_TELEGRAM_SECRET, SECRET), null);
        http = parley.http();
        // What getMe stored at start (the poller is not running: no telegram.token in this test).
        parley.app.transactions.run(s -> {
            s.channelState().put("telegram", "bot_id", "777", Instant.EPOCH);
            s.channelState().put("telegram", "bot_username", "parley_bot", Instant.EPOCH);
        });
    }

    @AfterAll
    void stop() {
        parley.close();
    }

    HttpResponse<String> post(String secret, String body) {
        var request = http.request("/webhooks/telegram").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) request.header(TelegramWebhookRoutes.SECRET_HEADER, secret);
        return http.send(request.build());
    }

    long conversation() {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("telegram", Long.toString(CHAT)))
                .orElseThrow().id();
    }

    void drain() {
        await().atMost(Duration.ofSeconds(20)).until(() -> parley.inboxCounts().get(InboxStatus.RECEIVED) == 0);
    }

    @Test
    void withoutTheRightSecretTokenNothingIsStored() {
        var body = TelegramFixtures.teloxide("de_private_chat_text_message", 0).json().toString();
        long before = parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
        assertThat(post(null, body).statusCode()).isEqualTo(401);
        assertThat(post("wrong", body).statusCode()).isEqualTo(401);
        assertThat(post(SECRET.toUpperCase(), body).statusCode()).isEqualTo(401);
        assertThat(parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(before);
    }

    @Test
    void unreadableUpdatesAre400NamingTheFieldAndOtherKindsAreAcknowledged() {
        var bad = post(SECRET, "{\"update_id\": 1, \"message\": {\"text\": \"x\"}}");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(ParleyHttp.json(bad).get("field").asText()).isEqualTo("message.chat");
        assertThat(post(SECRET, "{not json").statusCode()).isEqualTo(400);
        var reaction = post(SECRET, TelegramFixtures.teloxide("message_reaction_updated", 0).json().toString());
        assertThat(reaction.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(reaction).get("ignored").asBoolean()).isTrue();
    }

    @Test
    void groupMessagesAreStoredAndOnlyMentionsAreAnswered() {
        // A captured message in a supergroup (a story shared), then a reply to it mentioning nobody.
        var first = post(SECRET, TelegramFixtures.teloxide("issue_1107", 0).json().toString());
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(ParleyHttp.json(first).get("duplicate").asBoolean()).isFalse();
        var again = post(SECRET, TelegramFixtures.teloxide("issue_1107", 0).json().toString());
        assertThat(ParleyHttp.json(again).get("duplicate").asBoolean()).isTrue();
        assertThat(post(SECRET, TelegramFixtures.teloxide("issue_1107", 1).json().toString()).statusCode())
                .isEqualTo(200);
        // A member tags the bot by its username entity: "@parley_bot what do you think?".
        var tag = TelegramFixtures.groupMessage(439432601L, CHAT, 134547, 42, "ana", "@parley_bot what do you think?",
                "[{\"type\":\"mention\",\"offset\":0,\"length\":11}]", null);
        assertThat(post(SECRET, tag.toString()).statusCode()).isEqualTo(200);
        drain();

        long id = conversation();
        var detail = parley.app.find.detail(id);
        assertThat(detail.conversation().playbook()).isEqualTo("chime-in");
        var received = detail.messages().stream().filter(m -> m.direction() == Direction.IN).toList();
        assertThat(received).hasSize(3);
        var outbox = detail.outbox();
        assertThat(outbox).hasSize(1).first().satisfies(o -> {
            assertThat(o.cause()).isEqualTo("chime-in:" + received.get(2).id());
            assertThat(o.text()).startsWith("I looked at ");
        });
        var selected = detail.events().stream().filter(e -> e.type().equals("context_selected")).toList();
        assertThat(selected).hasSize(1);
        var doc = JsonDocuments.read(selected.getFirst().detailJson());
        assertThat(doc.get("mention")).isEqualTo("entity");
        assertThat(doc.get("strategy")).isEqualTo("default");
        // The group is the contact (replies go to the chat), named by its title.
        var contact = parley.app.transactions.inTransaction(s -> s.contacts().find(detail.conversation().contactId()))
                .orElseThrow();
        assertThat(contact.address()).isEqualTo(Long.toString(CHAT));
        assertThat(contact.displayName()).isEqualTo("CryptoInside Chat");
        // Each message keeps sender, is_bot and thread; the reply keeps its anchor.
        var rows = parley.app.transactions.inTransaction(s -> s.chatMessages().before(id, Long.MAX_VALUE, 10))
                .stream().filter(r -> r.meta() != null).toList();
        assertThat(rows).extracting(r -> r.meta().sender()).containsExactly("6962620676", "5964236329", "42");
        assertThat(rows.get(1).message().replyTo()).isEqualTo(CHAT + ":134545");
        assertThat(rows.get(1).meta().threadId()).isEqualTo("134545");
        assertThat(rows.get(1).meta().contextSnapshot()).as("the parent is stored, no snapshot needed").isNull();
        assertThat(rows.get(2).meta().mentions()).containsExactly("parley_bot");
    }

    @Test
    void aReplyToTheBotsMessageFromBeforeParleyIsAMentionAndKeepsASnapshot() {
        var botMessage = "{\"message_id\":9000,\"from\":{\"id\":777,\"is_bot\":true,\"first_name\":\"Parley\","
                + "\"username\":\"parley_bot\"},\"chat\":{\"id\":-100555,\"title\":\"Old group\",\"type\":\"group\"},"
                + "\"date\":1721500000,\"text\":\"The hut is booked for the 14th\"}";
        var reply = TelegramFixtures.groupMessage(5001, -100555, 9100, 43, "kim", "still true?", null, botMessage);
        assertThat(post(SECRET, reply.toString()).statusCode()).isEqualTo(200);
        drain();
        var conversation = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("telegram",
                "-100555")).orElseThrow();
        var detail = parley.app.find.detail(conversation.id());
        assertThat(detail.outbox()).hasSize(1);
        assertThat(detail.outbox().getFirst().text()).contains("The hut is booked for the 14th")
                .contains("the message you replied to");
        var row = parley.app.transactions.inTransaction(s -> s.chatMessages().find(detail.messages().stream()
                .filter(m -> m.direction() == Direction.IN).findFirst().orElseThrow().id())).orElseThrow();
        JsonNode snapshot = ParleyHttp.JSON.valueToTree(JsonDocuments.read(row.meta().contextSnapshot()));
        assertThat(snapshot.get("provider_id").asText()).isEqualTo("-100555:9000");
        assertThat(snapshot.get("from_bot").asBoolean()).isTrue();
        var timeline = detail.events().stream().filter(e -> e.type().equals("context_selected")).findFirst()
                .orElseThrow();
        assertThat(JsonDocuments.read(timeline.detailJson()).get("mention")).isEqualTo("reply_to_bot");
        // the reply may be on its way (SENDING) when the detail is read
        assertThat(List.of(OutboxStatus.PENDING, OutboxStatus.SENDING, OutboxStatus.SENT))
                .contains(detail.outbox().getFirst().status());
        assertThat(row.meta()).isInstanceOf(ChatMeta.class);
    }

    /** The group the limit tests write to (the other tests' conversation stays theirs). */
    static final long LIMITS_CHAT = -1009999000001L;

    /** A new group message, {@code fields} set on top (dotted paths into the update). */
    static String groupMessage(long messageId, Map<String, Object> fields) {
        var update = ParleyHttp.JSON.createObjectNode().put("update_id", 900_000 + messageId);
        var message = update.putObject("message").put("message_id", messageId).put("date", 1721592600L)
                .put("text", "@parley_bot hello");
        message.putObject("chat").put("id", LIMITS_CHAT).put("type", "supergroup").put("title", "Limits");
        message.putObject("from").put("id", 4242).put("is_bot", false).put("first_name", "Ana")
                .put("username", "ana");
        message.putArray("entities").addObject().put("type", "mention").put("offset", 0).put("length", 11);
        fields.forEach((path, value) -> {
            var node = (com.fasterxml.jackson.databind.node.ObjectNode) update;
            var parts = path.split("\\.");
            for (int i = 0; i < parts.length - 1; i++) {
                node = node.has(parts[i]) ? (com.fasterxml.jackson.databind.node.ObjectNode) node.get(parts[i])
                        : node.putObject(parts[i]);
            }
            node.set(parts[parts.length - 1], ParleyHttp.JSON.valueToTree(value));
        });
        return update.toString();
    }

    long stored() {
        return parley.inboxCounts().values().stream().mapToLong(Long::longValue).sum();
    }

    @Test
    void aFieldOverItsLimitOrOutOfRangeIs400NamingItAndStoresNothing() {
        var longText = "t".repeat(40_000);
        var cases = new java.util.LinkedHashMap<String, Map<String, Object>>();
        cases.put("message.from.username", Map.of("message.from.username", "u".repeat(300)));
        cases.put("message.from.first_name", Map.of("message.from.first_name", "n".repeat(300)));
        cases.put("message.chat.title", Map.of("message.chat.title", longText));
        cases.put("message.text", Map.of("message.text", "x".repeat(16_001)));
        cases.put("message.reply_to_message.text", Map.of("message.reply_to_message",
                Map.of("message_id", 1, "date", 1721592500L, "text", longText, "from", Map.of("id", 5))));
        cases.put("message.reply_to_message.from.username", Map.of("message.reply_to_message",
                Map.of("message_id", 1, "text", "hi", "from", Map.of("id", 5, "username", "u".repeat(300)))));
        cases.put("message.date", Map.of("message.date", Long.MAX_VALUE));
        cases.put("message.reply_to_message.date", Map.of("message.reply_to_message",
                Map.of("message_id", 1, "date", Long.MAX_VALUE, "text", "hi")));
        cases.put("message.entities", Map.of("message.entities", List.of(Map.of("type", "text_mention",
                "offset", 0, "length", 3, "user", Map.of("id", 9, "username", "u".repeat(300))))));
        cases.put("message.message_thread_id", Map.of("message.message_thread_id", "9".repeat(300)));
        long messageId = 700;
        for (var c : cases.entrySet()) {
            long before = stored();
            var answer = post(SECRET, groupMessage(messageId++, c.getValue()));
            assertThat(answer.statusCode()).as(c.getKey() + ": " + answer.body()).isEqualTo(400);
            assertThat(ParleyHttp.json(answer).get("field").asText()).isEqualTo(c.getKey());
            assertThat(answer.body()).doesNotContain("uuuuu", "ttttt", "nnnnn");
            assertThat(stored()).as(c.getKey()).isEqualTo(before);
        }
    }

    @Test
    void valuesAtTheirLimitsAreStoredAndAMentionOutsideTheTextIsNoMention() {
        long before = stored();
        var atLimits = post(SECRET, groupMessage(800, Map.of("message.from.username", "u".repeat(64),
                "message.chat.title", "t".repeat(255), "message.reply_to_message",
                Map.of("message_id", 1, "date", 1721592500L, "text", "r".repeat(16_000), "from", Map.of("id", 5)))));
        assertThat(atLimits.statusCode()).as(atLimits.body()).isEqualTo(200);
        var outside = post(SECRET, groupMessage(801, Map.of("message.entities", List.of(
                Map.of("type", "mention", "offset", Integer.MAX_VALUE, "length", 5),
                Map.of("type", "mention", "offset", 1, "length", Long.MAX_VALUE)))));
        assertThat(outside.statusCode()).as(outside.body()).isEqualTo(200);
        assertThat(stored()).isEqualTo(before + 2);
        drain();
        assertThat(parley.inboxCounts().get(InboxStatus.FAILED)).isZero();
    }
}
