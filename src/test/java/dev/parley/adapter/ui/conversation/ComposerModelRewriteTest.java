package dev.parley.adapter.ui.conversation;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import dev.parley.application.safety.ModelSafeText;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.WiringSafety;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The composer with {@code safety.rewrite=model} (ADR 0020): a draft the validator would rewrite shows the
 * deterministic rewrite at once and the model's, once the draft is left alone, beside the draft; the operator may use
 * it. A real Parley (H2 file, listener) and an OpenAI-compatible model on MockWebServer; the home carries the wiring
 * tests' policy (made-up words).
 */
class ComposerModelRewriteTest {
    static final String DRAFT = "After all this you zzguilt me an answer";
    static final String MODEL_REWRITE = "After all this, I would like an answer.";

    @TempDir Path home;
    ScriptedModelServer model;
    ConsoleFixture fx;
    ConversationViewModel composer;

    @BeforeEach
    void start() throws Exception {
        WiringSafety.writePolicy(home);
        model = new ScriptedModelServer();
        fx = new ConsoleFixture(home, Clock.systemUTC(), Map.of(ConfigKey.SAFETY_REWRITE, "model",
                ConfigKey.MODEL_PROVIDER, "openai", ConfigKey.MODEL_BASE_URL, model.baseUrl(),
                ConfigKey.MODEL_NAME, "llama3.1:8b", ConfigKey.MODEL_READ_TIMEOUT, "2",
                ConfigKey.MODEL_MAX_RETRIES, "0", ConfigKey.ALERTS_MODEL, "off"));
        long id = fx.startConversation("+15550311", "Hello from Parley");
        composer = new ConversationViewModel(fx.context, id, () -> "Dana");
        composer.load();
        model.reset();
    }

    @AfterEach
    void stop() {
        fx.close();
        model.close();
    }

    @Test
    void theModelsRewriteIsShownBesideTheDraftAndCanBeUsed() {
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"" + MODEL_REWRITE + "\"}"));
        composer.draft().set(DRAFT);

        assertThat(composer.draft().get()).as("the original stays the draft").isEqualTo(DRAFT);
        assertThat(composer.rewrite().get()).isEqualTo(MODEL_REWRITE);
        assertThat(composer.checks()).anyMatch(c -> c.name().equals("Safety")
                && c.level() == OutboundCheck.Level.WARN && c.detail().startsWith("a safer rewrite by the model is"));
        assertThat(model.tasks()).containsExactly(ModelSafeText.REWRITE_TASK);

        composer.useRewrite();
        assertThat(composer.draft().get()).isEqualTo(MODEL_REWRITE);
        assertThat(composer.rewrite().get()).isNull();
        assertThat(composer.checks()).filteredOn(c -> c.name().equals("Safety")).singleElement()
                .satisfies(c -> assertThat(c.level()).isEqualTo(OutboundCheck.Level.PASS));
        assertThat(model.tasks()).as("an allowed draft asks no model").hasSize(1);
    }

    @Test
    void aRefusedModelRewriteLeavesTheDeterministicOneOffered() {
        model.then(ModelSafeText.REWRITE_TASK, completion("{\"text\": \"You zzguilt me, pay the zzscam fee.\"}"));
        composer.draft().set(DRAFT);
        assertThat(composer.rewrite().get()).isNotNull().doesNotContain("zzguilt", "zzscam")
                .isNotEqualTo(DRAFT);
        assertThat(composer.checks()).anyMatch(c -> c.detail().startsWith("a safer rewrite is offered"));
        assertThat(model.tasks()).containsExactly(ModelSafeText.REWRITE_TASK);

        // the same draft typed again: the refused answer is remembered, the model is not asked again
        composer.draft().set("");
        composer.draft().set(DRAFT);
        assertThat(model.tasks()).hasSize(1);
    }
}
