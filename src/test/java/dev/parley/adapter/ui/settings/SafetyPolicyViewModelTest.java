package dev.parley.adapter.ui.settings;

import dev.parley.domain.safety.SafetyDecisionRow;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.ui.ConsoleFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The safety.json editor on a real Parley: checked as it is edited, a sample's decisions live, nothing saved while
 * invalid, and once saved every new decision carries the new policy version.
 */
class SafetyPolicyViewModelTest {
    @TempDir Path home;
    ConsoleFixture fx;
    SafetyPolicyViewModel model;

    @BeforeEach
    void start() {
        fx = new ConsoleFixture(home);
        model = new SafetyPolicyViewModel(fx.context.safety().policy(), fx.executor);
        model.load();
    }

    @AfterEach
    void stop() {
        fx.close();
    }

    String policyVersionOfLastDecision(long conversationId) {
        List<SafetyDecisionRow> rows = fx.tx().inTransaction(s -> s.safetyDecisions()
                .ofConversation(conversationId));
        return rows.getLast().policyVersion();
    }

    @Test
    void anInvalidPolicyIsNotSavedAndSaysWhy() {
        assertThat(model.policy().get()).contains("\"format\": \"parley-safety/1\"");
        model.policy().set(model.policy().get().replace("\"harassment\": 2", "\"harassment\": 0"));
        assertThat(model.result().get()).startsWith("invalid: ").contains("risk_thresholds.harassment");
        model.save();
        assertThat(model.status().get()).startsWith("Not saved: ");
        assertThat(home.resolve("safety.json")).doesNotExist();
    }

    @Test
    void theTestBoxShowsTheEditedPolicysDecisionsAndSavingChangesThePolicyVersion() throws Exception {
        long id = fx.startConversation("+15550701", "hello");
        var before = policyVersionOfLastDecision(id);
        model.sample().set("zzfoo is here");
        assertThat(model.result().get()).startsWith("inbound: deliver · outbound: allow");
        var edited = model.policy().get().replace("\"self_harm_triggers\": [",
                "\"self_harm_triggers\": [\n      {\"id\": \"test-word\", \"phrases\": [\"zzfoo\"], \"weight\": 1},");
        model.policy().set(edited);
        assertThat(model.result().get()).startsWith("inbound: escalate · outbound: deny · self_harm_triggers");
        model.save();
        assertThat(model.status().get()).startsWith("Saved and applied: new decisions carry policy ");
        var version = model.status().get().substring(model.status().get().lastIndexOf(' ') + 1);
        assertThat(version).isNotEqualTo(before);
        assertThat(Files.readString(home.resolve("safety.json"))).isEqualTo(edited);

        fx.inbound(id, "+15550701", "Just saying hello again");
        assertThat(policyVersionOfLastDecision(id)).isEqualTo(version);
    }
}
