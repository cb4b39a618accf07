package dev.parley.application.playbook.outreach;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.application.operator.StartConversation;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.contact.ContactStatus;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's AI steps through a configured OpenAI-compatible model (a scripted MockWebServer): the model's intent,
 * extraction and safety flag are used; a failing, slow or nonsensical model falls back to the rules, and the
 * timeline says so; the patterns and an explicit opt-out are never overridden.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutreachModelTest {
    final ManualClock clock = new ManualClock(Instant.parse("2026-03-02T10:00:00Z"));
    ScriptedModelServer model;
    TestParley parley;
    String match;
    long id;
    int ids;
    int matches;

    @BeforeAll
    void open(@TempDir Path home) {
        model = new ScriptedModelServer().always("safety_flag", "{\"flag\": false, \"reason\": \"benign\"}");
        parley = TestParley.open(home, clock, Map.of(ConfigKey.MODEL_PROVIDER, "openai",
                ConfigKey.MODEL_BASE_URL, model.baseUrl(), ConfigKey.MODEL_NAME, "llama3.1:8b",
                ConfigKey.MODEL_READ_TIMEOUT, "1", ConfigKey.MODEL_MAX_RETRIES, "0",
                ConfigKey.MODEL_CIRCUIT_FAILURES, "100"));
    }

    /** Each test talks to a match of its own in the one store. */
    @BeforeEach
    void startConversation() {
        model.reset();
        match = "+155501770" + (++matches);
        id = parley.app.startConversation.start(new StartConversation.Command("outreach", "sms", match,
                "Hi, we share 64 cM on Ancestry. Would you like to compare trees?", "alice")).conversationId();
        parley.app.deliverOutbox.deliverDue(10);
    }

    @AfterAll
    void close() {
        parley.close();
        model.close();
    }

    void inbound(String text) {
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("sms", "SM" + (++ids), match, match, "+15550000", text, null,
                null, null, null), "{}");
        parley.app.worker.drain();
        parley.app.deliverOutbox.deliverDue(10);
    }

    String state() {
        return parley.app.find.detail(id).conversation().state();
    }

    String transitionInto(String state) {
        return parley.app.find.detail(id).events().stream().filter(e -> state.equals(e.toState())).findFirst()
                .orElseThrow().detailJson();
    }

    @Test
    void theModelsIntentDecidesWhereTheRulesSeeNothing() {
        model.then("classify", completion("{\"intent\": \"POLITE\", \"reason\": \"a thumbs-up acknowledges\"}"));
        inbound("👍");
        assertThat(state()).isEqualTo("Conclusion");
        assertThat(transitionInto("Conclusion")).contains("intent POLITE (model: a thumbs-up acknowledges)");
        assertThat(model.tasks()).containsExactly("safety_flag", "classify");
        var calls = parley.app.model.calls().ofConversation(id);
        assertThat(calls).extracting(c -> c.task() + "/" + c.provider() + "/" + c.outcome())
                .containsExactly("safety_flag/openai/ok", "classify/openai/ok");
    }

    @Test
    void invalidJsonFallsBackToTheRulesAndTheTimelineSaysSo() {
        model.then("classify", completion("I think this person is being polite."));
        inbound("Thanks for reaching out, but I'm not really into family history. Best of luck!");
        assertThat(state()).isEqualTo("Conclusion");
        assertThat(transitionInto("Conclusion")).contains("\"guard\":\"intent_not_interested\"",
                "rules: matched NOT_INTERESTED 'not really into'");
        var events = parley.app.find.detail(id).events();
        assertThat(events).filteredOn(e -> e.type().equals("model_fallback")).singleElement()
                .satisfies(e -> assertThat(e.detailJson()).contains("\"task\":\"classify\"",
                        "\"answered_by\":\"offline\"", "invalid_json"));
    }

    @Test
    void aSlowModelTimesOutAndTheRulesAnswer() {
        model.then("classify", new MockResponse.Builder().code(200).bodyDelay(3, TimeUnit.SECONDS)
                .body("{}").build());
        inbound("Leave me alone.");
        assertThat(state()).isEqualTo("Desist");
        assertThat(parley.app.find.detail(id).contact().status()).isEqualTo(ContactStatus.OPTED_OUT);
        assertThat(parley.app.model.calls().ofConversation(id)).extracting(c -> c.outcome())
                .contains("timeout");
    }

    @Test
    void anOptOutIsNeverOverriddenByTheModel() {
        model.then("classify", completion("{\"intent\":\"PRODUCTIVE\",\"reason\":\"mentions a grandmother\"}"));
        inbound("My grandmother was born in 1901 but please don't message me again.");
        assertThat(state()).isEqualTo("Desist");
        assertThat(transitionInto("Desist")).contains("an opt-out overrides the model's PRODUCTIVE");
    }

    @Test
    void theModelsSafetyFlagRaisesACriticalAlertThePatternsMiss() {
        model.then("safety_flag", completion("{\"flag\": true, \"category\": \"threat\", \"reason\": \"implied "
                + "threat to visit\"}"));
        inbound("I know which street your office is on. See you soon.");
        assertThat(state()).isEqualTo("HumanReview");
        var detail = parley.app.find.detail(id);
        assertThat(detail.contact().status()).isEqualTo(ContactStatus.BLOCKED);
        assertThat(detail.conversation().criticalAlertTags()).contains("ai_safety", "ai:threat", "\"source\":\"ai\"");
        assertThat(model.tasks()).as("no intent is asked for a critical message").containsExactly("safety_flag");
    }

    @Test
    void thePatternsStillRaiseTheAlertWhenTheModelSaysNo() {
        inbound("This is harassment, my lawyer will hear about it.");
        assertThat(state()).isEqualTo("HumanReview");
        assertThat(parley.app.find.detail(id).conversation().criticalAlertTags()).contains("\"source\":\"pattern\"");
    }

    @Test
    void theModelsExtractionMakesTheTasks() {
        model.then("classify", completion("{\"intent\":\"PRODUCTIVE\",\"reason\":\"shares family facts\"}"));
        model.then("extract", completion("""
                {"names": ["Bridget Walsh"], "dates": [], "years": [1888], "places": ["Skibbereen"],
                 "relationships": ["great-grandmother"], "documents": [], "photos": [],
                 "events": [{"kind": "birth", "year": 1888, "names": ["Bridget Walsh"], "place": "Skibbereen"}],
                 "copy_offered": false}"""));
        inbound("My nan's mam came over from west Cork, Bridget was her name I think.");
        var detail = parley.app.find.detail(id);
        assertThat(detail.tasks()).anyMatch(t -> t.text().contains("Bridget Walsh") && t.text().contains("1888")
                && t.text().contains("Skibbereen"));
        assertThat(detail.messages()).anyMatch(m -> m.dataJson() != null && m.dataJson().contains("Skibbereen"));
    }
}
