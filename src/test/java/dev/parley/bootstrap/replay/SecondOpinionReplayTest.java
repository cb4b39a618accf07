package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonDocuments;
import dev.parley.application.ManualClock;
import dev.parley.application.safety.SecondOpinion;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboundMessage;
import dev.parley.testing.ScriptedModelServer;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35's second opinion in the pipeline: asked before the processing transaction about an uncertain message,
 * recorded on the decision's timeline event with its answer and in the call log; a replay records it in a cassette
 * and replays it byte for byte with no model; the offline model is never asked, and decides as before.
 */
class SecondOpinionReplayTest {
    static final String UNSURE = "That was a stupid thing to post about her, delete it or see what happens";
    static final String EVENTS = """
            {"at":"2026-05-04T12:00:00Z","type":"inbound","channel":"sms","from":"+15550411","playbook":"guardian","text":"Lunch tomorrow?"}
            {"at":"2026-05-04T12:05:00Z","type":"inbound","channel":"sms","from":"+15550411","text":"%s"}
            """.formatted(UNSURE);

    @Test
    void theOpinionIsRecordedInACassetteAndReplayedAndOfflineNothingIsAsked(@TempDir Path dir) throws Exception {
        CassetteReplayTest.Recording recorded;
        try (var model = new ScriptedModelServer()) {
            model.always(SecondOpinion.TASK, "{\"safe\": false, \"categories\": [\"harassment\"]}");
            recorded = CassetteReplayTest.record(dir, EVENTS, "alerts.model=off\nmodel.provider=openai\n"
                    + "model.base_url=" + model.baseUrl() + "\nmodel.name=llama-guard3:8b\nmodel.max_retries=0\n");
            assertThat(model.tasks()).as("one call: the uncertain message; 'Lunch tomorrow?' raises nothing")
                    .containsExactly(SecondOpinion.TASK);
        }
        assertThat(recorded.recorded()).contains("\"decision\":\"summarize\"");
        assertThat(recorded.files()).singleElement().asString().startsWith(SecondOpinion.TASK + "-");
        assertThat(recorded.replayed()).isEqualTo(recorded.recorded());
        assertThat(recorded.offline()).doesNotContain("\"decision\":\"summarize\"")
                .contains("\"decision\":\"deliver\"");
    }

    @Test
    void theDecisionsTimelineEventCarriesTheAnswerAndTheCallIsLogged(@TempDir Path home) throws Exception {
        var clock = new ManualClock(Instant.parse("2026-05-04T12:00:00Z"));
        try (var model = new ScriptedModelServer()) {
            model.always(SecondOpinion.TASK, "{\"safe\": false, \"categories\": [\"harassment\"]}");
            try (var parley = TestParley.open(home, clock, Map.of(ConfigKey.MODEL_PROVIDER, "openai",
                    ConfigKey.MODEL_BASE_URL, model.baseUrl(), ConfigKey.MODEL_NAME, "llama-guard3:8b",
                    ConfigKey.MODEL_MAX_RETRIES, "0", ConfigKey.ALERTS_MODEL, "off"))) {
                int n = 0;
                for (String text : new String[] {"Lunch tomorrow?", UNSURE}) {
                    parley.app.receive.receive(new InboundMessage("sms", "SM" + ++n, "+15550412", "+15550412",
                            "+15550000", text, null, null, null, null), "{}");
                    parley.app.worker.drain();
                }
                long conversation = parley.app.transactions.inTransaction(s -> s.conversations()
                        .findByKey("sms", "+15550412")).orElseThrow().id();
                var decision = parley.app.transactions.inTransaction(s -> s.timeline().ofConversation(conversation))
                        .stream().filter(e -> e.type().equals("decision")).reduce((a, b) -> b).orElseThrow();
                var detail = JsonDocuments.read(decision.detailJson());
                assertThat(detail).containsEntry("decision", "summarize");
                assertThat(detail.get("second_opinion")).isEqualTo(Map.of("task", SecondOpinion.TASK, "outcome",
                        "ok", "safe", false, "categories", java.util.List.of("harassment"), "model",
                        "gpt-4o-mini-2024-07-18")); // as the endpoint reports it
                assertThat(decision.detailJson()).doesNotContain("stupid");
                // asked once, before the processing transaction, logged with the conversation it then had
                assertThat(parley.app.model.calls().ofConversation(conversation))
                        .extracting(c -> c.task() + "/" + c.outcome()).containsExactly(SecondOpinion.TASK + "/ok");
                assertThat(model.tasks()).containsExactly(SecondOpinion.TASK);
            }
        }
    }
}
