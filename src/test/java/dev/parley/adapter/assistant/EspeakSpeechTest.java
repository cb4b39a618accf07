package dev.parley.adapter.assistant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Optional speech: a real WAV from espeak-ng when it is installed (CI installs it), nothing when it is not. */
class EspeakSpeechTest {

    @Test
    void withoutTheProgramNothingIsSpokenAndNothingThrown(@TempDir Path media) {
        var speech = new EspeakSpeech(media, "espeak-ng-not-installed-here");
        assertThat(speech.available()).isFalse();
        assertThat(speech.speak("Hello", "outbox-1")).isEmpty();
    }

    @Test
    void writesAWaveFileOfTheReply(@TempDir Path media) throws Exception {
        var speech = new EspeakSpeech(media, "espeak-ng");
        assumeTrue(speech.available(), "espeak-ng is not installed (apt-get install espeak-ng); .ci/run installs it");
        var file = speech.speak("Hi! Your order is on its way.", "outbox-7").orElseThrow();
        assertThat(file).isEqualTo(media.resolve("outbox-7.wav"));
        var bytes = Files.readAllBytes(file);
        assertThat(new String(bytes, 0, 4)).isEqualTo("RIFF");
        assertThat(new String(bytes, 8, 4)).isEqualTo("WAVE");
        assertThat(bytes.length).isGreaterThan(10_000);
    }
}
