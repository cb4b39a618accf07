package dev.parley.application.safety;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.llm.OpenAiChatModel;
import dev.parley.application.Sleeper;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.application.model.ModelGateway;
import dev.parley.domain.safety.ContentModel;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.NeutralFacts;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import dev.parley.testing.OpenAiResponses;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The configured model's second opinion (issue 35) against an OpenAI-compatible MockWebServer: asked only in the
 * uncertain band, its categories raise the decision, a safe answer changes nothing, and a slow, failing or
 * disconnecting model leaves the rules to decide alone, saying why.
 */
class SecondOpinionTest {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    /** A weak insult: harassment LOW (Monitor), so delivered; the band a second opinion is asked about. */
    static final String UNSURE = "That was a stupid thing to post about her, delete it or see what happens";

    final SafetyValidator validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(),
            Clock.fixed(T0, ZoneOffset.UTC), ValidationFailureListener.IGNORE);
    MockWebServer server;
    SecondOpinion opinion;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        var clock = Clock.fixed(T0, ZoneOffset.UTC);
        var settings = new OpenAiChatModel.Settings(server.url("/v1").toString(), "llama-guard3:8b", "",
                Duration.ofSeconds(2), Duration.ofSeconds(1), 0, Duration.ZERO);
        var gateway = new ModelGateway(new OpenAiChatModel(new OkHttpClient(), settings, Sleeper.REAL, new Random(1),
                clock), new InMemoryModelCallLog(), clock, false);
        opinion = new SecondOpinion(gateway, () -> validator);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    SafetyResult decide(String text, Optional<SecondOpinion.Opinion> second) {
        return validator.validate(SafetyRequest.of(Direction.IN, text, "+15550100", "+15550199", "sms", T0),
                NeutralFacts.INSTANCE, SecondOpinion.with(ContentModel.NONE, second));
    }

    @Test
    void anUnsureMessageIsAskedOnceAndTheCategoriesTheModelNamesDecide() throws Exception {
        assertThat(decide(UNSURE, Optional.empty()).decision()).isEqualTo(SafetyDecision.DELIVER);
        server.enqueue(completion("{\"safe\": false, \"categories\": [\"harassment\"]}"));
        var second = opinion.prepare(UNSURE, 7L, ContentModel.NONE);
        assertThat(second).hasValueSatisfying(o -> {
            assertThat(o.outcome()).isEqualTo("ok");
            assertThat(o.safe()).contains(false);
            assertThat(o.categories()).containsExactly(RiskCategory.HARASSMENT);
            assertThat(o.detail()).containsEntry("task", SecondOpinion.TASK).containsEntry("safe", false)
                    .doesNotContainValue(UNSURE);
        });
        var decided = decide(UNSURE, second);
        assertThat(decided.decision()).isEqualTo(SafetyDecision.SUMMARIZE);
        assertThat(decided.score(RiskCategory.HARASSMENT).level()).isEqualTo(RiskLevel.MEDIUM);
        assertThat(decided.score(RiskCategory.HARASSMENT).model()).hasValueSatisfying(m ->
                assertThat(m.head()).isEqualTo(SecondOpinion.HEAD));
        assertThat(decided.traceId()).as("the answer is no part of the trace id")
                .isEqualTo(decide(UNSURE, Optional.empty()).traceId());
        var request = server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8();
        assertThat(request).contains("UNSAFE CONTENT CATEGORIES", "financial_scam", "self_harm_triggers",
                "\"temperature\":0", "json_object");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aSafeAnswerChangesNothingAndClearCasesAreNeverAsked() {
        server.enqueue(completion("{\"safe\": true, \"categories\": []}"));
        var second = opinion.prepare(UNSURE, null, ContentModel.NONE);
        assertThat(second).hasValueSatisfying(o -> assertThat(o.safe()).contains(true));
        assertThat(decide(UNSURE, second).decision()).isEqualTo(SafetyDecision.DELIVER);
        // nothing raised, or already decided by the rules: no call
        assertThat(opinion.prepare("See you at the viewing on Tuesday at 10.", null, ContentModel.NONE)).isEmpty();
        assertThat(opinion.prepare("You are a worthless idiot", null, ContentModel.NONE)).isEmpty();
        assertThat(opinion.prepare("I want to kill myself", null, ContentModel.NONE)).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void aSlowAFailingAndADisconnectingModelLeaveTheRulesToDecideAlone() {
        server.enqueue(new MockResponse.Builder().code(200).bodyDelay(3, TimeUnit.SECONDS)
                .body("{}").build());
        server.enqueue(OpenAiResponses.error(500, "server_error", "overloaded"));
        server.enqueue(new MockResponse.Builder().onResponseStart(new SocketEffect.CloseSocket()).build());
        server.enqueue(completion("{\"safe\": false, \"categories\": [\"sarcasm\"]}"));
        for (String expected : new String[] {"model_unavailable: timeout", "model_unavailable: http_error",
                "model_unavailable: unavailable", "invalid_answer"}) {
            var second = opinion.prepare(UNSURE, null, ContentModel.NONE);
            assertThat(second).as(expected).hasValueSatisfying(o -> {
                assertThat(o.outcome()).isEqualTo(expected);
                assertThat(o.categories()).isEmpty();
            });
            assertThat(decide(UNSURE, second).decision()).as(expected).isEqualTo(SafetyDecision.DELIVER);
        }
    }

    @Test
    void theModelSeesTheMessageRedacted() throws Exception {
        server.enqueue(completion("{\"safe\": true, \"categories\": []}"));
        assertThat(opinion.prepare(UNSURE + ". Mail dana@example.com or call +1 415 555 0100", null,
                ContentModel.NONE)).isPresent();
        var body = server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8();
        assertThat(body).doesNotContain("dana@example.com", "555 0100").contains("[EMAIL]", "[PHONE]");
        // a weak spam or urgency word alone (their LOW cells are Allow) is not worth a call
        assertThat(opinion.prepare("Is the branch open right now?", null, ContentModel.NONE)).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void theOfflineModelIsNeverAsked() {
        var offline = new SecondOpinion(ModelGateway.offline(Clock.fixed(T0, ZoneOffset.UTC)), () -> validator);
        assertThat(offline.enabled()).isFalse();
        assertThat(offline.prepare(UNSURE, null, ContentModel.NONE)).isEmpty();
        assertThat(SecondOpinion.off().enabled()).isFalse();
    }
}
