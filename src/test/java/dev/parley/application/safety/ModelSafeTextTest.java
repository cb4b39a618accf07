package dev.parley.application.safety;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.llm.OpenAiChatModel;
import dev.parley.application.Sleeper;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.application.model.ModelGateway;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.NeutralFacts;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.testing.ScriptedModelServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model-backed safe text's branches (ADR 0020) against an OpenAI-compatible endpoint on MockWebServer: which
 * answers are used, which fall back to the deterministic text and with what reason, and that nothing is asked for
 * words that raise nothing or with the setting off.
 */
class ModelSafeTextTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    static final String DRAFT = "After all this you zzguilt me an answer";
    final SafetyValidator validator = SafetyEffectsTest.validator();
    final ScriptedModelServer server = new ScriptedModelServer();
    final AtomicBoolean on = new AtomicBoolean(true);
    final ModelSafeText safeText = new ModelSafeText(gateway(), () -> validator, SafetyModel.OFF, on::get);

    ModelGateway gateway() {
        var clock = Clock.fixed(T0, ZoneOffset.UTC);
        var settings = new OpenAiChatModel.Settings(server.baseUrl(), "llama3.1:8b", "", Duration.ofSeconds(2),
                Duration.ofSeconds(2), 0, Duration.ZERO);
        return new ModelGateway(new OpenAiChatModel(new OkHttpClient(), settings, Sleeper.REAL, new Random(1), clock),
                new InMemoryModelCallLog(), clock, false);
    }

    @AfterEach
    void close() {
        server.close();
    }

    SafetyResult decided(String text) {
        return validator.validate(SafetyRequest.of(Direction.OUT, text, "+15550000", "+15550199", "sms", T0),
                NeutralFacts.INSTANCE);
    }

    Optional<ModelSafeText.Prepared> prepare(String answer) {
        server.then(ModelSafeText.REWRITE_TASK, completion(answer));
        return safeText.prepare(Direction.OUT, DRAFT, 7L);
    }

    @Test
    void anAcceptedRewriteReplacesOnlyTheSafeText() {
        var prepared = prepare("{\"text\": \"  After all this, I would like an answer.  \"}");
        var result = decided(DRAFT);
        assertThat(result.decision()).isEqualTo(SafetyDecision.SOFT_REWRITE);
        var chosen = safeText.choose(result, prepared);
        assertThat(chosen.result().safeOutput().messagePrimary()).isEqualTo("After all this, I would like an answer.");
        assertThat(chosen.result().traceId()).isEqualTo(result.traceId());
        assertThat(chosen.result().contentSha256()).isEqualTo(result.contentSha256());
        assertThat(chosen.choice()).contains(ModelSafeText.Choice.model());
        assertThat(server.bodies().getFirst()).contains("\"temperature\":0", "json_object", "keep every other fact");
    }

    @Test
    void answersThatCannotBeUsedLeaveTheDeterministicTextWithTheReason() {
        var result = decided(DRAFT);
        assertThat(safeText.choose(result, prepare("I'd rather say: after all this, an answer please")).choice())
                .contains(ModelSafeText.Choice.deterministic("invalid_answer"));
        assertThat(safeText.choose(result, prepare("{\"text\": \"   \"}")).choice())
                .contains(ModelSafeText.Choice.deterministic("empty_answer"));
        assertThat(safeText.choose(result, prepare("{\"text\": \"zzhurry: answer me\"}")).choice())
                .contains(ModelSafeText.Choice.deterministic("revalidated: rewrite [urgency_abuse]"));
        var kept = safeText.choose(result, prepare("{\"text\": 42}"));
        assertThat(kept.result()).isEqualTo(result);
        assertThat(kept.choice()).contains(ModelSafeText.Choice.deterministic("invalid_answer"));
    }

    @Test
    void anAnswerForOtherContentIsNotUsed() {
        var prepared = prepare("{\"text\": \"After all this, I would like an answer.\"}");
        var other = decided(DRAFT + " today");
        var chosen = safeText.choose(other, prepared);
        assertThat(chosen.result()).isEqualTo(other);
        assertThat(chosen.choice()).contains(ModelSafeText.Choice.deterministic("not_prepared"));
    }

    @Test
    void nothingIsAskedForHarmlessWordsOrWithTheSettingOff() {
        assertThat(safeText.prepare(Direction.OUT, "See you at the viewing on Tuesday at 10.", 7L)).isEmpty();
        assertThat(safeText.prepare(Direction.IN, "   ", 7L)).isEmpty();
        on.set(false);
        assertThat(safeText.prepare(Direction.OUT, DRAFT, 7L)).isEmpty();
        var result = decided(DRAFT);
        assertThat(safeText.choose(result, Optional.empty()).choice())
                .contains(ModelSafeText.Choice.deterministic(null));
        assertThat(server.tasks()).isEmpty();
        assertThat(safeText.choose(decided("See you on Tuesday."), Optional.empty()).choice()).isEmpty();
    }

    @Test
    void theOfflineModelIsNeverTakenForAModelRewrite() {
        var offline = new ModelSafeText(ModelGateway.offline(Clock.fixed(T0, ZoneOffset.UTC)), () -> validator,
                SafetyModel.OFF, () -> true);
        var prepared = offline.prepare(Direction.OUT, DRAFT, null);
        assertThat(offline.choose(decided(DRAFT), prepared).choice())
                .contains(ModelSafeText.Choice.deterministic("offline_model"));
    }
}
