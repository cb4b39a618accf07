package dev.parley.adapter.llm;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.model.CassetteMissException;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.OfflineLanguageModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import mockwebserver3.MockWebServer;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Record once against an endpoint, replay without it; a request never recorded fails clearly. */
class CassetteModelTest {

    static ModelRequest ask(String text) {
        return ModelRequest.of("answer", List.of(ChatMessage.user(text)), () -> "offline answer");
    }

    @Test
    void recordsOneFilePerRequestAndReplaysItWithoutTheEndpoint(@TempDir Path dir) throws Exception {
        try (var server = new MockWebServer()) {
            server.start();
            server.enqueue(completion("Opening hours are 9 to 5.", 40, 9));
            var settings = new OpenAiChatModel.Settings(server.url("/v1").toString(), "qwen2.5:7b", "",
                    Duration.ofSeconds(1), Duration.ofSeconds(2), 0, Duration.ofSeconds(1));
            var recorder = new CassetteModel(new OpenAiChatModel(new OkHttpClient(), settings, d -> { },
                    new Random(1), Clock.systemUTC()), dir, CassetteModel.Mode.RECORD);
            assertThat(recorder.complete(ask("When are you open?")).content()).isEqualTo("Opening hours are 9 to 5.");
            assertThat(recorder.provider()).isEqualTo("openai");
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).singleElement()
                    .satisfies(name -> assertThat(name).matches("answer-[0-9a-f]{16}\\.json"));
        }

        var player = new CassetteModel(new OfflineLanguageModel(), dir, CassetteModel.Mode.REPLAY);
        var replayed = player.complete(ask("When are you open?"));
        assertThat(replayed.content()).isEqualTo("Opening hours are 9 to 5.");
        assertThat(replayed.promptTokens()).isEqualTo(40);
        assertThat(player.provider()).isEqualTo("cassette");

        assertThatThrownBy(() -> player.complete(ask("Do you open on Sundays?")))
                .isInstanceOf(CassetteMissException.class)
                .hasMessageContaining("task 'answer'").hasMessageContaining(dir.toString());
    }

    @Test
    void replayNeedsAnExistingDirectory(@TempDir Path dir) {
        assertThatThrownBy(() -> new CassetteModel(new OfflineLanguageModel(), dir.resolve("missing"),
                CassetteModel.Mode.REPLAY)).hasMessageContaining("does not exist");
    }
}
