package dev.parley.adapter.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.JsonAlertPatternTester;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javafx.beans.property.SimpleStringProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsViewModelTest {
    @TempDir Path home;

    final Map<String, String> written = new HashMap<>();
    final ConfigurationFile file = new ConfigurationFile() {
        @Override
        public Map<String, String> read() {
            return Map.of("listener.port", "8787", "webhooks.generic.secret", "whsec_old", "sender", "local");
        }

        @Override
        public void write(Map<String, String> changes) {
            written.putAll(changes);
        }

        @Override
        public String newWebhookSecret() {
            return "whsec_new";
        }
    };

    @Test
    void patternEditorShowsLiveMatches() {
        var model = new SettingsViewModel(new FileConsoleSettings(home), file, new JsonAlertPatternTester(),
                new SimpleStringProperty(""));
        model.sample().set("I want to end it all");
        assertThat(model.matches()).singleElement().asString().startsWith("self_harm");
        model.sample().set("I'm on a diet and we both love tea");
        assertThat(model.matches()).containsExactly("no category matches");
        model.patterns().set("{\"categories\": [");
        model.sample().set("anything");
        assertThat(model.matches()).singleElement().asString().startsWith("invalid patterns:");
        model.save();
        assertThat(new FileConsoleSettings(home).alertPatterns()).contains("\"threats\"");
    }

    @Test
    void saveWritesKeysOperatorAndTheme() {
        var settings = new FileConsoleSettings(home);
        var shown = new SimpleStringProperty("");
        var model = new SettingsViewModel(settings, file, new JsonAlertPatternTester(), shown);
        model.regenerateWebhookSecret();
        model.value("listener.port").set("9000");
        model.operator().set("  Sam ");
        model.theme().set("dark");
        model.save();
        assertThat(written).containsEntry("listener.port", "9000").containsEntry("webhooks.generic.secret",
                "whsec_new");
        assertThat(shown.get()).isEqualTo("Sam");
        var reloaded = new FileConsoleSettings(home);
        assertThat(reloaded.operatorName()).isEqualTo("Sam");
        assertThat(reloaded.theme()).isEqualTo("dark");
    }

    @Test
    void textSizeAndReminderTimeAreStoredAndCheckedBeforeAnythingIsSaved() {
        var settings = new FileConsoleSettings(home);
        var model = new SettingsViewModel(settings, file, new JsonAlertPatternTester(), new SimpleStringProperty(""));
        assertThat(model.renotifyMinutes().get()).isEqualTo("10");
        assertThat(model.textSize().get()).isEqualTo("normal");
        model.renotifyMinutes().set("0");
        model.textSize().set("larger");
        model.save();
        assertThat(model.status().get()).contains("1 to 1440");
        assertThat(written).isEmpty();
        model.renotifyMinutes().set(" 25 ");
        model.save();
        var reloaded = new FileConsoleSettings(home);
        assertThat(reloaded.renotifyAfter()).isEqualTo(java.time.Duration.ofMinutes(25));
        assertThat(reloaded.textSize()).isEqualTo("larger");
    }

    @Test
    void testConnectionListsTheModelsOrTheError() throws Exception {
        try (var server = new mockwebserver3.MockWebServer()) {
            server.start();
            var values = new HashMap<>(file.read());
            values.put("model.provider", "openai");
            values.put("model.base_url", server.url("/v1").toString());
            values.put("model.name", "llama3.1:8b");
            var config = new ConfigurationFile() {
                public Map<String, String> read() { return values; }
                public void write(Map<String, String> changes) { written.putAll(changes); }
                public String newWebhookSecret() { return "whsec_new"; }
            };
            var model = new SettingsViewModel(new FileConsoleSettings(home), config, new JsonAlertPatternTester(),
                    new SimpleStringProperty(""), new dev.parley.adapter.llm.OpenAiModelList(new okhttp3.OkHttpClient()),
                    new dev.parley.adapter.ui.CurrentThreadTaskExecutor());
            server.enqueue(dev.parley.testing.OpenAiResponses.models("llama3.1:8b", "qwen2.5:7b"));
            model.testConnection();
            assertThat(model.models()).containsExactly("llama3.1:8b", "qwen2.5:7b");
            assertThat(model.connection().get()).isEqualTo("Connected: 2 model(s); llama3.1:8b is served");

            server.enqueue(dev.parley.testing.OpenAiResponses.error(401, "invalid_request_error",
                    "Incorrect API key provided"));
            model.value("model.api_key").set("sk-wrong");
            model.testConnection();
            assertThat(model.models()).isEmpty();
            assertThat(model.connection().get()).isEqualTo("Connection failed: HTTP 401: Incorrect API key provided");
            assertThat(server.takeRequest().getHeaders().get("Authorization")).isNull();
            assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer sk-wrong");

            model.value("model.provider").set("offline");
            model.testConnection();
            assertThat(model.connection().get()).startsWith("The offline model is built in");
            assertThat(SettingsViewModel.secret("model.api_key")).isTrue();
        }
    }
}
