package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.safety.ModelSafeText;
import dev.parley.testing.ScriptedModelServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay with {@code safety.rewrite=model} stays deterministic (ADR 0020): recorded against a scripted model, the
 * safe summary is asked for and kept in the cassette; replayed from the cassette with no model at all, the transcript is
 * byte for byte the same (no cassette miss), and so is a replay on the offline model (its answer is never used).
 */
class SafetyRewriteReplayTest {
    static final String EVENTS = """
            {"at":"2026-05-04T12:00:00Z","type":"inbound","channel":"sms","from":"+15550401","playbook":"guardian","text":"Lunch tomorrow?"}
            {"at":"2026-05-04T12:05:00Z","type":"inbound","channel":"sms","from":"+15550401","text":"You stupid idiot, what is the date?"}
            {"at":"2026-05-04T12:30:00Z","type":"advance"}
            """;

    @Test
    void theModelsSummaryIsRecordedAndReplayedFromTheCassette(@TempDir Path dir) throws Exception {
        CassetteReplayTest.Recording recorded;
        try (var model = new ScriptedModelServer()) {
            model.always(ModelSafeText.SUMMARY_TASK, "{\"text\": \"They ask what the date is.\"}");
            recorded = CassetteReplayTest.record(dir, EVENTS, "safety.rewrite=model\nalerts.model=off\n"
                    + "model.provider=openai\nmodel.base_url=" + model.baseUrl() + "\nmodel.name=llama3.1:8b\n"
                    + "model.max_retries=0\n");
            assertThat(model.tasks()).containsExactly(ModelSafeText.SUMMARY_TASK);
        }
        assertThat(recorded.recorded()).contains("\"decision\":\"summarize\"");
        assertThat(recorded.files()).singleElement().asString().startsWith(ModelSafeText.SUMMARY_TASK + "-");
        assertThat(recorded.replayed()).isEqualTo(recorded.recorded());
        assertThat(recorded.offline()).isEqualTo(recorded.recorded());
    }
}
