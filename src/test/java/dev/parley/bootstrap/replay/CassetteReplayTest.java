package dev.parley.bootstrap.replay;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.replay.ReplayEvent;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.replay.ReplayInputException;
import dev.parley.application.replay.TranscriptWriter;
import dev.parley.testing.ScriptedModelServer;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay run against a real (scripted) model with --record-cassette, then replayed from the cassette with no
 * model at all: byte for byte the same transcript. A request the cassette lacks stops the replay clearly.
 */
class CassetteReplayTest {

    /** A scenario recorded into a cassette: its events, config and cassette, and the transcript it recorded. */
    record Recording(List<ReplayEvent> events, Path config, Path cassette, String recorded) {
        /** The scenario again, answered from the cassette alone. */
        String replayed() {
            return transcript(events, config, new ReplayModel("cassette:" + cassette, null));
        }

        /** The scenario again, on the offline model. */
        String offline() {
            return transcript(events, config, ReplayModel.OFFLINE);
        }

        /** The names of the cassette's files. */
        List<String> files() throws java.io.IOException {
            try (var list = Files.list(cassette)) {
                return list.map(f -> f.getFileName().toString()).toList();
            }
        }
    }

    /** Replays {@code events} (a replay file's text) with the model {@code properties} configure, recording it. */
    static Recording record(Path dir, String events, String properties) throws java.io.IOException {
        var file = dir.resolve("scenario.replay.jsonl");
        Files.writeString(file, events);
        var config = Files.createDirectories(dir.resolve("config"));
        Files.writeString(config.resolve("parley.properties"), properties);
        var cassette = dir.resolve("cassette");
        var read = ReplayFileReader.read(file);
        return new Recording(read, config, cassette, transcript(read, config, new ReplayModel("config", cassette)));
    }

    static String transcript(List<ReplayEvent> events, Path config, ReplayModel model) {
        var out = new StringWriter();
        var writer = new TranscriptWriter(out);
        ReplaySession.run(events, config, List.of(), ReplayStore.MEMORY, model).forEach(writer::write);
        return out.toString();
    }

    @Test
    void aRecordedCassetteReplaysByteIdentically(@TempDir Path dir) throws Exception {
        var events = ReplayFileReader.read(GoldenReplaysTest.ROOT.resolve("outreach/intents.replay.jsonl"));
        var config = Files.createDirectories(dir.resolve("config"));
        var cassette = dir.resolve("cassette");
        String recorded;
        try (var model = new ScriptedModelServer()) {
            // The model reads every reply as polite: unlike the rules, so the offline model cannot fake the replay.
            model.always("safety_flag", "{\"flag\": false}")
                    .always("classify", "{\"intent\": \"POLITE\", \"reason\": \"courteous\"}")
                    // the validator's second opinion on the replies it is unsure of (issue 35)
                    .always("safety_opinion", "{\"safe\": true, \"categories\": []}");
            Files.writeString(config.resolve("parley.properties"), "model.provider=openai\nmodel.base_url="
                    + model.baseUrl() + "\nmodel.name=llama3.1:8b\nmodel.max_retries=0\n");
            recorded = transcript(events, config, new ReplayModel("config", cassette));
            assertThat(model.tasks()).contains("safety_flag", "classify");
        }
        assertThat(recorded).contains("intent POLITE (model: courteous)");
        try (var files = Files.list(cassette)) {
            assertThat(files.count()).isGreaterThanOrEqualTo(2);
        }

        var replayed = transcript(events, config, new ReplayModel("cassette:" + cassette, null));
        assertThat(replayed).isEqualTo(recorded);
        assertThat(replayed.getBytes(StandardCharsets.UTF_8)).isEqualTo(recorded.getBytes(StandardCharsets.UTF_8));
        assertThat(transcript(events, config, ReplayModel.OFFLINE)).isNotEqualTo(recorded);
    }

    @Test
    void aRequestTheCassetteLacksStopsTheReplay(@TempDir Path dir) throws Exception {
        var events = ReplayFileReader.read(GoldenReplaysTest.ROOT.resolve("outreach/intents.replay.jsonl"));
        var empty = Files.createDirectories(dir.resolve("empty-cassette"));
        assertThatThrownBy(() -> transcript(events, null, new ReplayModel("cassette:" + empty, null)))
                .isInstanceOf(ReplayInputException.class)
                .hasMessageContaining("cassette has no answer for task 'safety_flag'")
                .hasMessageContaining(empty.toString());
    }
}
