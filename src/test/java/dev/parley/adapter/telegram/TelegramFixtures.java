package dev.parley.adapter.telegram;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The shared Telegram payloads (src/test/resources/telegram, copied from ../shared/data/telegram-updates). */
public final class TelegramFixtures {
    static final ObjectMapper JSON = JsonMappers.PLAIN;
    static final Path DIR = Path.of("src/test/resources/telegram");

    /** One teloxide test payload: its test function and the JSON. */
    public record Payload(String testFn, boolean isUpdate, JsonNode json) {
    }

    public static List<Payload> teloxide() {
        try {
            var out = new ArrayList<Payload>();
            for (var line : Files.readAllLines(DIR.resolve("teloxide_test_payloads.jsonl"))) {
                var node = JSON.readTree(line);
                out.add(new Payload(node.get("test_fn").asText(), node.get("is_update").asBoolean(),
                        node.get("json")));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Payload teloxide(String testFn, int nth) {
        return teloxide().stream().filter(p -> p.testFn().equals(testFn)).skip(nth).findFirst().orElseThrow();
    }

    public static JsonNode official(String name) {
        try {
            return JSON.readTree(DIR.resolve("official_webhooks_guide_examples.json").toFile()).get("examples")
                    .get(name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A message payload of the fixtures wrapped as an update with {@code updateId}. */
    public static JsonNode asUpdate(long updateId, JsonNode message) {
        var update = JSON.createObjectNode();
        update.put("update_id", updateId);
        update.set("message", message);
        return update;
    }

    /**
     * A group message in the shape of the captured updates above (a supergroup, a user with a username), with a
     * text and entities; for mention cases the fixtures do not contain.
     */
    public static JsonNode groupMessage(long updateId, long chatId, long messageId, long fromId, String username,
                                        String text, String entitiesJson, String replyToJson) {
        var json = "{\"update_id\":" + updateId + ",\"message\":{\"message_id\":" + messageId
                + ",\"from\":{\"id\":" + fromId + ",\"is_bot\":false,\"first_name\":\"Ana\",\"username\":\""
                + username + "\",\"language_code\":\"en\"},\"chat\":{\"id\":" + chatId
                + ",\"title\":\"Trip planning\",\"type\":\"supergroup\"},\"date\":1721592580,\"text\":"
                + JSON.valueToTree(text) + (entitiesJson == null ? "" : ",\"entities\":" + entitiesJson)
                + (replyToJson == null ? "" : ",\"reply_to_message\":" + replyToJson) + "}}";
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
