package dev.parley.adapter.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.safety.RiskCategory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafetyPolicyFileTest {

    @Test
    void theBuiltInFileCarriesTheSeedsFrozenValues() {
        var file = SafetyPolicyFile.loadDefault();
        var rules = file.policy().rules();
        assertThat(rules.threshold(RiskCategory.EMOTIONAL_MANIPULATION)).isEqualTo(2);
        assertThat(rules.threshold(RiskCategory.URGENCY_ABUSE)).isEqualTo(1);
        assertThat(rules.threshold(RiskCategory.HARASSMENT)).isEqualTo(2);
        assertThat(rules.threshold(RiskCategory.FINANCIAL_SCAM)).isEqualTo(1);
        assertThat(rules.threshold(RiskCategory.SELF_HARM_TRIGGERS)).isEqualTo(1);
        assertThat(rules.threshold(RiskCategory.SPAM_ESCALATION)).isEqualTo(3);
        assertThat(rules.threshold(RiskCategory.INFORMATION_OVERLOAD)).isEqualTo(20);
        assertThat(rules.timeRules().quietStart()).hasToString("22:00");
        assertThat(rules.timeRules().quietEnd()).hasToString("07:00");
        assertThat(rules.timeRules().workStart()).hasToString("09:00");
        assertThat(rules.timeRules().workEnd()).hasToString("17:00");
        assertThat(rules.frequencyLimits().maxMessagesPerHour()).isEqualTo(5);
        assertThat(rules.frequencyLimits().maxNotificationsPerDay()).isEqualTo(50);
        assertThat(rules.frequencyLimits().escalationThreshold()).isEqualTo(3);
        assertThat(file.version()).hasSize(16);
    }

    @Test
    void theVersionIsAHashOfTheFileSoAnyChangeShows(@TempDir Path home) throws Exception {
        String text = new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8);
        Files.writeString(home.resolve("safety.json"), text.replace("\"delay_minutes\": 60", "\"delay_minutes\": 30"));
        var changed = SafetyPolicyFile.load(SafetyPolicyFile.overrideIn(home));
        assertThat(changed.source()).endsWith("safety.json");
        assertThat(changed.version()).isNotEqualTo(SafetyPolicyFile.loadDefault().version());
        assertThat(SafetyPolicyFile.parse("again", text).version()).isEqualTo(SafetyPolicyFile.loadDefault().version());
    }

    @Test
    void anUnknownKeyIsRefusedNamingIt() {
        String text = new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8)
                .replace("\"max_messages_per_hour\"", "\"max_message_per_hour\"");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text))
                .isInstanceOf(SafetyPolicyFileException.class)
                .hasMessageContaining("edited").hasMessageContaining("max_message_per_hour");
    }

    @Test
    void aPatternThatIsNotLinearTimeIsRefusedNamingTheEntry() {
        String text = new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8)
                .replace("\"pattern\": \"!{2,}\"", "\"pattern\": \"(a)\\\\1\"");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text))
                .isInstanceOf(SafetyPolicyFileException.class)
                .hasMessageContaining("spam_escalation").hasMessageContaining("caps-shout");
    }

    @Test
    void aThresholdBelowOneIsRefused() {
        String text = new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8)
                .replace("\"urgency_abuse\": 1,", "\"urgency_abuse\": 0,");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text))
                .hasMessageContaining("risk_thresholds.urgency_abuse");
    }
    /** Issue 35's sections: read strictly, and a file written before them gets the built-in ones. */
    @Test
    void linksAndCrisisResourcesAreReadAndAnOlderFileGetsTheBuiltInOnes() throws Exception {
        var builtIn = SafetyPolicyFile.loadDefault().policy().rules();
        assertThat(builtIn.links().brands()).isNotEmpty();
        assertThat(builtIn.links().shorteners()).contains("bit.ly");
        assertThat(builtIn.crisisResources()).isNotEmpty();
        var mapper = dev.parley.application.JsonMappers.PLAIN;
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(SafetyPolicyFile.defaultBytes());
        root.remove("links");
        root.remove("crisis_resources");
        var older = SafetyPolicyFile.parse("older", mapper.writeValueAsString(root)).policy().rules();
        assertThat(older.links()).isEqualTo(builtIn.links());
        assertThat(older.crisisResources()).isEqualTo(builtIn.crisisResources());
    }

    @Test
    void badLinkRulesAndEntryKeysAreRefusedNamingThem() {
        String text = new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text.replace("\"shortener\": 0.5", "\"shortener\": -1")))
                .isInstanceOf(SafetyPolicyFileException.class).hasMessageContaining("links.weights.shortener");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text.replace("\"bit.ly\",", "\"Bit.ly/\",")))
                .isInstanceOf(SafetyPolicyFileException.class).hasMessageContaining("links.shorteners");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text.replace("\"context\": \"link\"",
                "\"context\": \"links\"")))
                .isInstanceOf(SafetyPolicyFileException.class).hasMessageContaining("'context' must be");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text.replace("\"rewrite\": \"drop_sentence\"",
                "\"rewrite\": \"drop\"")))
                .isInstanceOf(SafetyPolicyFileException.class).hasMessageContaining("'rewrite' must be");
        assertThatThrownBy(() -> SafetyPolicyFile.parse("edited", text.replace("\"id\": \"helplines\",",
                "\"id\": \"helplines\", \"weight\": 2,")))
                .isInstanceOf(SafetyPolicyFileException.class).hasMessageContaining("crisis_resources[0]")
                .hasMessageContaining("weight");
    }
}
