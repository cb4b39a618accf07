package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.ManualClock;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Settings editor's live test box decides as the pipeline does: with the learned heads beside the lexicons when
 * they are on (ADR 0019), so a sample no lexicon phrase matches but the self-harm head scores is shown escalated.
 */
class SafetyTestBoxHeadsTest {
    static final String CRY = "I don't see any reason to stay anymore, nobody would even notice if I was gone";

    @Test
    void theTestBoxValidatesWithTheLearnedHeadsWhenTheyAreOn(@TempDir Path home) {
        var clock = new ManualClock(Instant.parse("2026-11-27T20:01:00Z"));
        try (var parley = TestParley.open(home, clock, Map.of())) {
            var document = parley.app.safetyPolicyDocument;
            var trial = document.test(document.text(), CRY);
            assertThat(trial.inbound()).isEqualTo("escalate");
            assertThat(trial.outbound()).isEqualTo("deny");
            assertThat(trial.categories()).containsExactly("self_harm_triggers");

            // the lexicons alone do not see it: the heads made the difference
            var lexiconsOnly = new SafetyPolicyEditing(home, clock, p -> { }).test(document.text(), CRY);
            assertThat(lexiconsOnly.inbound()).isEqualTo("deliver");
            assertThat(document.test(document.text(), "this traffic is killing me").inbound())
                    .isEqualTo("deliver");
        }
    }
}
