package dev.parley.application.chimein;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonDocuments;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.ChatDetails;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chime-in through a configured OpenAI-compatible model (a scripted MockWebServer): the model writes the answer from
 * the selected messages; a failing model falls back to the offline answer and the timeline says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChimeInModelTest {
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-10T17:00:00Z"));
    ScriptedModelServer model;
    TestParley parley;
    int ids;
    int groups;
    String group;

    @BeforeAll
    void open(@TempDir Path home) {
        model = new ScriptedModelServer();
        parley = TestParley.open(home, clock, Map.of(ConfigKey.MODEL_PROVIDER, "openai",
                ConfigKey.MODEL_BASE_URL, model.baseUrl(), ConfigKey.MODEL_NAME, "llama3.1:8b",
                ConfigKey.MODEL_READ_TIMEOUT, "1", ConfigKey.MODEL_MAX_RETRIES, "0",
                ConfigKey.MODEL_CIRCUIT_FAILURES, "100"));
    }

    @BeforeEach
    void newGroup() {
        model.reset();
        group = "friends-" + (++groups);
    }

    @AfterAll
    void close() {
        parley.close();
        model.close();
    }

    void say(String from, String text) {
        clock.advance(Duration.ofMinutes(5));
        parley.app.receive.receive(new InboundMessage("chat", "m" + (++ids), group, from, null, text, null, null,
                null, null, ChatDetails.forGenericMessage("chat", group, from)), "{}");
        parley.app.worker.drain();
    }

    Map<String, Object> selection() {
        var id = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("chat", group)).orElseThrow()
                .id();
        return JsonDocuments.read(parley.app.find.detail(id).events().stream()
                .filter(e -> e.type().equals("context_selected")).findFirst().orElseThrow().detailJson());
    }

    String reply() {
        var id = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("chat", group)).orElseThrow()
                .id();
        return parley.app.find.detail(id).outbox().getFirst().text();
    }

    @Test
    void theModelWritesTheAnswerFromTheSelectedMessages() {
        model.then("chime_in", completion("Carl suggested the thai place on 10th Ave; nobody has said how many "
                + "people come or which date, so I cannot check a booking yet."));
        say("ana", "We should look at the restaurant for the gathering");
        say("carl", "The thai restaurant on 10th Ave?");
        say("dana", "@parley what do you think?");
        assertThat(reply()).startsWith("Carl suggested the thai place");
        assertThat(selection().get("answered_by")).isEqualTo("openai");
        var prompt = model.bodies().getLast();
        assertThat(prompt).contains("We should look at the restaurant for the gathering")
                .contains("The thai restaurant on 10th Ave?").contains("@parley what do you think?")
                .contains("say exactly what is missing");
        assertThat(model.tasks()).containsExactly("chime_in");
    }

    @Test
    void aFailingModelFallsBackToTheOfflineAnswerAndTheTimelineSaysSo() {
        model.then("chime_in", new MockResponse.Builder().code(500).body("{\"error\":{\"message\":\"boom\"}}").build());
        say("ana", "Anyone has the wifi password of the hut?");
        say("kim", "@parley ^");
        assertThat(reply()).startsWith("I looked at 1 earlier message:");
        assertThat(selection().get("answered_by")).isEqualTo("offline");
        var id = parley.app.transactions.inTransaction(s -> s.conversations().findByKey("chat", group)).orElseThrow()
                .id();
        assertThat(parley.app.find.detail(id).events()).anySatisfy(e -> assertThat(e.type()).isEqualTo("model_fallback"));
    }
}
