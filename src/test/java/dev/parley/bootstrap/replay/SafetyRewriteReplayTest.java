package dev.parley.bootstrap.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.safety.ModelSafeText;
import dev.parley.testing.ScriptedModelServer;
import java.nio.file.Files;
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
        var file = dir.resolve("summary.replay.jsonl");
        Files.writeString(file, EVENTS);
        var events = ReplayFileReader.read(file);
        var config = Files.createDirectories(dir.resolve("config"));
        var cassette = dir.resolve("cassette");
        String recorded;
        try (var model = new ScriptedModelServer()) {
            model.always(ModelSafeText.SUMMARY_TASK, "{\"text\": \"They ask what the date is.\"}");
            Files.writeString(config.resolve("parley.properties"), "safety.rewrite=model\nalerts.model=off\n"
                    + "model.provider=openai\nmodel.base_url=" + model.baseUrl() + "\nmodel.name=llama3.1:8b\n"
                    + "model.max_retries=0\n");
            recorded = CassetteReplayTest.transcript(events, config, new ReplayModel("config", cassette));
            assertThat(model.tasks()).containsExactly(ModelSafeText.SUMMARY_TASK);
        }
        assertThat(recorded).contains("\"decision\":\"summarize\"");
        try (var files = Files.list(cassette)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .singleElement().asString().startsWith(ModelSafeText.SUMMARY_TASK + "-");
        }

        var replayed = CassetteReplayTest.transcript(events, config, new ReplayModel("cassette:" + cassette, null));
        assertThat(replayed).isEqualTo(recorded);
        assertThat(CassetteReplayTest.transcript(events, config, ReplayModel.OFFLINE)).isEqualTo(recorded);
    }
}
